'use client';

import { pathKey } from '@baalda/core';
import { createContext, useContext } from 'react';
import type { TreeDrag } from '../../hooks/useTreeDrag';
import type { TreeItem } from '../../lib/vault/treeActions';

/** How a rename ended: Enter keeps the input open on a refusal; a blur never does. */
export type RenameCommit = 'enter' | 'blur';

/** What every row of the tree reads and calls, without threading props through each level. */
export interface TreeUi {
  readonly openId: string | null;
  /** True for a viewer: rows open notes but offer no rename, move or trash. */
  readonly readOnly: boolean;
  /** The link of a note (or attachment) in the open vault. */
  hrefOf(docId: string): string;
  /** The link that downloads an attachment's file. */
  downloadHrefOf(docId: string): string;
  /** Key of the folder new items go into, when a folder (not a note) was picked last. */
  readonly selectedFolderKey: string | null;
  /** {@link itemKey} of the item whose name is being edited. */
  readonly renamingKey: string | null;
  readonly drag: TreeDrag;
  isCollapsed(path: string): boolean;
  toggleFolder(path: string): void;
  openNote(docId: string): void;
  startRename(item: TreeItem): void;
  /** Resolves to true when the rename is done (applied or unchanged) and the input can close. */
  commitRename(item: TreeItem, typed: string, how: RenameCommit): Promise<boolean>;
  cancelRename(): void;
  trash(item: TreeItem): void;
  /** Sends a file whose upload failed again (ATT8). */
  retryUpload(docId: string): void;
  /** Forgets a file waiting for upload on this device. */
  discardUpload(docId: string): void;
}

export const TreeUiContext = createContext<TreeUi | null>(null);

/** The tree's shared state and verbs; only inside the sidebar's provider. */
export function useTreeUi(): TreeUi {
  const ui = useContext(TreeUiContext);
  if (!ui) throw new Error('useTreeUi: rendered outside the tree');
  return ui;
}

/** A stable identity for a row: notes by id (paths change), folders by key. */
export function itemKey(item: TreeItem): string {
  return item.kind === 'note' ? `note:${item.docId}` : `folder:${pathKey(item.path)}`;
}
