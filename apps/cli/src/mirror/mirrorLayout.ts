import { join, resolve } from 'node:path';

/** Where a mirror keeps its own files: `<dir>/.baalda/`, never synced (MIR1). */
export interface MirrorLayout {
  /** The mirrored folder, absolute. */
  readonly root: string;
  readonly meta: string;
  /** Entries, their relay paths and pending ops (MIR8). */
  readonly state: string;
  /** The pid of the mirror running on this folder. */
  readonly lock: string;
  /** Each note's Yjs state: `<docId>.yjs` (everything known) and `<docId>.base.yjs` (what the file shows). */
  readonly docs: string;
  /** Files being written; renamed into place only when whole (MIR9). */
  readonly tmp: string;
  /** Files the relay removed (trashed, purged, hidden), kept instead of deleted (MIR5). */
  readonly removed: string;
}

/** The layout of a mirror of `dir`. */
export function mirrorLayoutOf(dir: string): MirrorLayout {
  const root = resolve(dir);
  const meta = join(root, '.baalda');
  return {
    root,
    meta,
    state: join(meta, 'state.json'),
    lock: join(meta, 'lock'),
    docs: join(meta, 'docs'),
    tmp: join(meta, 'tmp'),
    removed: join(meta, 'removed'),
  };
}

/** The file on disk of a vault path (`Policies/Refunds.md`, always with `/`). */
export function diskPathOf(layout: MirrorLayout, path: string): string {
  return join(layout.root, ...path.split('/'));
}

// MIR2: names editors and browsers give their swap, backup, lock and partial-download files, and every
// dotfile (`.DS_Store`, `.#lock`, `.git`, `.obsidian`, the mirror's own `.baalda`).
const IGNORED_NAMES: readonly RegExp[] = [
  /^\./,
  /\.sw[a-p]$/i,
  /\.swx$/i,
  /~$/,
  /^#.*#$/,
  /\.tmp$/i,
  /^4913$/,
  /\.crdownload$/i,
  /^~\$/,
];

/** MIR2: true for a file or folder name the mirror never syncs. */
export function isIgnoredName(name: string): boolean {
  return IGNORED_NAMES.some((pattern) => pattern.test(name));
}

/** MIR2: true when any name along a vault path is ignored. */
export function isIgnoredPath(path: string): boolean {
  return path.split('/').some(isIgnoredName);
}
