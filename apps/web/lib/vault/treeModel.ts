import { fileNameOf, parentFolderOf, pathKey, titleFromPath, type VaultNote } from '@baalda/core';

/** A folder row and everything under it. */
export interface FolderNode {
  readonly kind: 'folder';
  readonly path: string;
  readonly name: string;
  readonly children: TreeNode[];
}

/** A note row; `name` is its title (TTL1: the file name without ".md"). */
export interface NoteNode {
  readonly kind: 'note';
  readonly note: VaultNote;
  readonly name: string;
}

export type TreeNode = FolderNode | NoteNode;

/**
 * Nests the flat tree for display: folders first, then notes, each by name, case-insensitively and with
 * numbers in order ("Untitled 2" before "Untitled 10"). Folders are matched by key (PATH9), so a note in
 * "policies/" lands in "Policies" whichever spelling came first.
 */
export function buildTree(notes: readonly VaultNote[], folders: readonly string[]): TreeNode[] {
  const root: TreeNode[] = [];
  const byKey = new Map<string, FolderNode>();
  const childrenOf = (folder: string): TreeNode[] => (folder === '' ? root : ensureFolder(folder).children);
  function ensureFolder(path: string): FolderNode {
    const existing = byKey.get(pathKey(path));
    if (existing) return existing;
    const node: FolderNode = { kind: 'folder', path, name: fileNameOf(path), children: [] };
    byKey.set(pathKey(path), node);
    childrenOf(parentFolderOf(path)).push(node);
    return node;
  }
  for (const folder of folders) ensureFolder(folder);
  for (const note of notes)
    childrenOf(parentFolderOf(note.path)).push({ kind: 'note', note, name: titleFromPath(note.path) });
  sortTree(root);
  return root;
}

/** Orders names the way a person scans a list. */
export function compareNames(a: string, b: string): number {
  return a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true }) || (a < b ? -1 : a > b ? 1 : 0);
}

function sortTree(nodes: TreeNode[]): void {
  nodes.sort((a, b) => (a.kind === b.kind ? compareNames(a.name, b.name) : a.kind === 'folder' ? -1 : 1));
  for (const node of nodes) if (node.kind === 'folder') sortTree(node.children);
}
