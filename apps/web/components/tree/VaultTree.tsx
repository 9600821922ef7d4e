'use client';

import type { MouseEvent } from 'react';
import type { TreeNode } from '../../lib/vault/treeModel';
import { TreeFolderRow } from './TreeFolderRow';
import { TreeNoteRow } from './TreeNoteRow';
import { TreeUploadRow } from './TreeUploadRow';
import { useTreeUi } from './treeUi';
import styles from './VaultTree.module.css';

interface VaultTreeProps {
  readonly nodes: readonly TreeNode[];
  /** True while the tree shows a refusal (the open rename field is then marked invalid). */
  readonly invalid: boolean;
  /** Picks the root as where new items go (a click on the empty part of the tree). */
  onPickRoot(): void;
}

/**
 * The vault's folders, notes, attachments and files waiting for upload. The whole area is the root's drop
 * zone, for rows moved and for files dropped from the operating system.
 */
export function VaultTree({ nodes, invalid, onPickRoot }: VaultTreeProps) {
  const ui = useTreeUi();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onPickRoot();
  };
  return (
    // A pointer convenience only: the keyboard reaches every action through the rows and their menus.
    // biome-ignore lint/a11y/noStaticElementInteractions: see above
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <div
      className={`${styles.tree} ${ui.drag.targetKey === '' ? styles.dropRoot : ''}`}
      data-testid="tree-root"
      onClick={onClick}
      {...ui.drag.zone('')}
    >
      <TreeNodes nodes={nodes} depth={0} invalid={invalid} />
    </div>
  );
}

/** One level of the tree. */
export function TreeNodes({ nodes, depth, invalid }: { nodes: readonly TreeNode[]; depth: number; invalid: boolean }) {
  return (
    <ul className={styles.list}>
      {nodes.map((node) =>
        node.kind === 'folder' ? (
          <TreeFolderRow key={`folder:${node.path}`} node={node} depth={depth} invalid={invalid}>
            {node.children.length > 0 && <TreeNodes nodes={node.children} depth={depth + 1} invalid={invalid} />}
          </TreeFolderRow>
        ) : node.kind === 'note' ? (
          <TreeNoteRow key={node.note.docId} node={node} depth={depth} invalid={invalid} />
        ) : (
          <TreeUploadRow key={`upload:${node.upload.docId}`} node={node} depth={depth} />
        ),
      )}
    </ul>
  );
}
