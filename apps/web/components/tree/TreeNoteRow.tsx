'use client';

import { entryKindOf, isConflictPath } from '@baalda/core';
import type { CSSProperties, KeyboardEvent, MouseEvent } from 'react';
import type { TreeItem } from '../../lib/vault/treeActions';
import type { NoteNode } from '../../lib/vault/treeModel';
import { renameFieldOf } from '../../lib/vault/treeNames';
import { ConflictPill } from './ConflictPill';
import { FileBadge } from './FileBadge';
import { ItemMenu } from './ItemMenu';
import { RenameInput } from './RenameInput';
import { itemKey, useTreeUi } from './treeUi';
import styles from './VaultTree.module.css';

interface TreeNoteRowProps {
  readonly node: NoteNode;
  readonly depth: number;
  readonly invalid: boolean;
}

/**
 * One note or attachment (PATH11): a real link (so it opens in a new tab or copies as a URL), renamable,
 * draggable. An attachment carries its extension as a mark, is renamed by its whole file name and can be
 * downloaded from its menu.
 */
export function TreeNoteRow({ node, depth, invalid }: TreeNoteRowProps) {
  const ui = useTreeUi();
  const { note } = node;
  const kind = entryKindOf(note.path);
  const field = renameFieldOf(note.path);
  const item: TreeItem = { kind: 'note', docId: note.docId, path: note.path };
  const selected = note.docId === ui.openId;
  const renaming = ui.renamingKey === itemKey(item);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    if (!selected) ui.openNote(note.docId);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'F2' && !ui.readOnly) {
      event.preventDefault();
      ui.startRename(item);
    }
  };
  return (
    <li>
      <div
        className={`${styles.row} ${selected ? styles.selected : ''}`}
        style={{ '--depth': depth } as CSSProperties}
        data-testid="tree-note"
        data-kind={kind}
        data-doc-id={note.docId}
        data-path={note.path}
        data-conflict={String(note.conflictOf !== null || isConflictPath(note.path))}
      >
        {renaming ? (
          <RenameInput
            initial={field.text}
            selectionEnd={field.selectionEnd}
            invalid={invalid}
            onCommit={(typed, how) => ui.commitRename(item, typed, how)}
            onCancel={ui.cancelRename}
          />
        ) : (
          <a
            href={ui.hrefOf(note.docId)}
            className={styles.label}
            aria-current={selected ? 'page' : undefined}
            title={note.path}
            onClick={onClick}
            onDoubleClick={ui.readOnly ? undefined : () => ui.startRename(item)}
            onKeyDown={onKeyDown}
            draggable={!ui.readOnly}
            onDragStart={(event) => ui.drag.start(item, event)}
            onDragEnd={ui.drag.end}
          >
            <span className={styles.spacer} aria-hidden="true" />
            <span className={styles.name}>{node.name}</span>
            {(note.conflictOf !== null || isConflictPath(note.path)) && <ConflictPill />}
            {kind === 'attachment' && <FileBadge path={note.path} />}
          </a>
        )}
        {!renaming && !ui.readOnly && (
          <ItemMenu
            name={node.name}
            downloadHref={kind === 'attachment' ? ui.downloadHrefOf(note.docId) : undefined}
            onRename={() => ui.startRename(item)}
            onTrash={() => ui.trash(item)}
          />
        )}
      </div>
    </li>
  );
}
