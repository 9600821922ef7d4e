import { fileNameOf, parentFolderOf, pathKey, titleFromPath, type VaultNote } from '@baalda/core';
import type { PendingUpload } from '../uploads/uploadTypes';

/** A folder row and everything under it. */
export interface FolderNode {
  readonly kind: 'folder';
  readonly path: string;
  readonly name: string;
  readonly children: TreeNode[];
}

/**
 * A note or attachment row; `name` is a note's title (TTL1: the file name without ".md") or an
 * attachment's whole file name.
 */
export interface NoteNode {
  readonly kind: 'note';
  readonly note: VaultNote;
  readonly name: string;
}

/** A file on this device waiting for the relay (ATT8), shown where it will land. */
export interface UploadNode {
  readonly kind: 'upload';
  readonly upload: PendingUpload;
  readonly name: string;
}

export type TreeNode = FolderNode | NoteNode | UploadNode;

/**
 * Nests the flat tree for display: folders first, then notes, attachments and files waiting for upload,
 * each by name, case-insensitively and with numbers in order ("Untitled 2" before "Untitled 10"). Folders
 * are matched by key (PATH9), so a note in "policies/" lands in "Policies" whichever spelling came first.
 * An upload the tree already holds (same docId) is the tree's entry now and is not shown twice.
 */
export function buildTree(
  notes: readonly VaultNote[],
  folders: readonly string[],
  uploads: readonly PendingUpload[] = [],
): TreeNode[] {
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
  const inTree = new Set(notes.map((note) => note.docId));
  for (const upload of uploads) {
    if (inTree.has(upload.docId)) continue;
    childrenOf(parentFolderOf(upload.path)).push({ kind: 'upload', upload, name: fileNameOf(upload.path) });
  }
  sortTree(root);
  return root;
}

/** Orders names the way a person scans a list. */
export function compareNames(a: string, b: string): number {
  return a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true }) || (a < b ? -1 : a > b ? 1 : 0);
}

function sortTree(nodes: TreeNode[]): void {
  const isFolder = (node: TreeNode) => node.kind === 'folder';
  nodes.sort((a, b) => (isFolder(a) === isFolder(b) ? compareNames(a.name, b.name) : isFolder(a) ? -1 : 1));
  for (const node of nodes) if (node.kind === 'folder') sortTree(node.children);
}
