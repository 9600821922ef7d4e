'use client';

import { pathKey } from '@baalda/core';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import type { TreeItem } from '../../lib/vault/treeActions';
import type { FolderNode } from '../../lib/vault/treeModel';
import { PrivateFolderMark } from '../settings/FolderPrivacyProvider';
import { ItemMenu } from './ItemMenu';
import { RenameInput } from './RenameInput';
import { itemKey, useTreeUi } from './treeUi';
import styles from './VaultTree.module.css';

interface TreeFolderRowProps {
  readonly node: FolderNode;
  readonly depth: number;
  readonly invalid: boolean;
  /** The folder's contents, shown while it is open. */
  readonly children: ReactNode;
}

/** A folder: click to open or close (and to pick it for new items), drop onto it to move into it. */
export function TreeFolderRow({ node, depth, invalid, children }: TreeFolderRowProps) {
  const ui = useTreeUi();
  const item: TreeItem = { kind: 'folder', path: node.path };
  const key = pathKey(node.path);
  const open = !ui.isCollapsed(node.path);
  const renaming = ui.renamingKey === itemKey(item);
  const dropTarget = ui.drag.targetKey === key;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'F2' && !ui.readOnly) {
      event.preventDefault();
      ui.startRename(item);
    }
  };
  return (
    <li className={dropTarget ? styles.dropTarget : undefined} {...ui.drag.zone(node.path)}>
      <div
        className={`${styles.row} ${ui.selectedFolderKey === key ? styles.picked : ''}`}
        style={{ '--depth': depth } as CSSProperties}
        data-testid="tree-folder"
        data-path={node.path}
      >
        {renaming ? (
          <RenameInput
            initial={node.name}
            invalid={invalid}
            onCommit={(typed, how) => ui.commitRename(item, typed, how)}
            onCancel={ui.cancelRename}
          />
        ) : (
          <button
            type="button"
            className={styles.label}
            aria-expanded={open}
            title={node.path}
            onClick={() => ui.toggleFolder(node.path)}
            onDoubleClick={ui.readOnly ? undefined : () => ui.startRename(item)}
            onKeyDown={onKeyDown}
            draggable={!ui.readOnly}
            onDragStart={(event) => ui.drag.start(item, event)}
            onDragEnd={ui.drag.end}
          >
            <svg
              className={`${styles.chevron} ${open ? styles.chevronOpen : ''}`}
              viewBox="0 0 12 12"
              width={12}
              height={12}
              aria-hidden="true"
              focusable="false"
            >
              <path
                d="M4.5 2.5 8 6l-3.5 3.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
                strokeLinecap="round"
              />
            </svg>
            <span className={styles.name}>{node.name}</span>
            <PrivateFolderMark folderPath={node.path} />
          </button>
        )}
        {!renaming && !ui.readOnly && (
          <ItemMenu
            name={node.name}
            folderPath={node.path}
            onRename={() => ui.startRename(item)}
            onTrash={() => ui.trash(item)}
          />
        )}
      </div>
      {open && children}
    </li>
  );
}
