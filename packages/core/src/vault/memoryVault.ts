import { ancestorFoldersOf, isInsideFolder, pathKey } from '../paths/notePath';
import { planVaultOp } from './planVaultOp';
import type { VaultOp } from './vaultOps';
import type { OpOutcome, VaultChange, VaultNote, VaultView } from './vaultTypes';

/** What a person sees of a vault: live notes and every folder (explicit or holding a live note). */
export interface VaultTree {
  readonly notes: readonly VaultNote[];
  readonly folders: readonly string[];
}

/** The explicit folders of a vault (FD1), for a client rebuilding its copy from a relay snapshot. */
export type ExplicitFolders = readonly string[];

/** A whole vault in memory: the model the relay's database must agree with, and the web app's local copy. */
export interface MemoryVault {
  readonly view: VaultView;
  /**
   * Plans and applies an op; a repeated opId answers with the first outcome and changes nothing (OP3).
   * Calls are queued, so overlapping applies run one after another as on the relay.
   */
  apply(op: VaultOp, now: number): Promise<OpOutcome>;
  /** Applies a change decided elsewhere (e.g. by the relay). */
  applyChange(change: VaultChange): void;
  tree(): VaultTree;
  /** Folders created explicitly (FD1), as opposed to those that exist because a note lies in them. */
  explicitFolders(): string[];
  trash(): VaultNote[];
  note(docId: string): VaultNote | undefined;
}

/** Creates a vault in memory from an optional starting state. */
export function createMemoryVault(
  initial: { notes?: readonly VaultNote[]; folders?: readonly string[] } = {},
): MemoryVault {
  const notes = new Map((initial.notes ?? []).map((note) => [note.docId, note]));
  const folders = new Map((initial.folders ?? []).map((path) => [pathKey(path), path]));
  const retired = new Set<string>();
  const outcomes = new Map<string, OpOutcome>();
  const live = () => [...notes.values()].filter((note) => note.deletedAt === null);

  const view: VaultView = {
    noteById: async (docId) => notes.get(docId),
    liveNoteByKey: async (key) => live().find((note) => pathKey(note.path) === key),
    liveKeysWithPrefix: async (prefix) =>
      new Set(
        live()
          .map((note) => pathKey(note.path))
          .filter((key) => key.startsWith(prefix)),
      ),
    liveNotesInFolder: async (folderKey) => live().filter((note) => pathKey(note.path).startsWith(`${folderKey}/`)),
    folderPathByKey: async (key) => allFolders().find((path) => pathKey(path) === key),
    explicitFoldersInFolder: async (folderKey) =>
      [...folders.values()].filter((path) => isInsideFolder(path, folderKey)),
    trashedNotes: async () => [...notes.values()].filter((note) => note.deletedAt !== null),
    isRetired: async (docId) => retired.has(docId),
    // One vault in memory: no id can be another vault's, so only purged ids are taken (DOC5).
    isDocIdTaken: async (docId) => retired.has(docId),
  };

  // Explicit folders first, so their spelling wins over one implied by a note (PATH10).
  function allFolders(): string[] {
    const byKey = new Map(folders);
    for (const note of live())
      for (const folder of ancestorFoldersOf(note.path))
        if (!byKey.has(pathKey(folder))) byKey.set(pathKey(folder), folder);
    for (const path of [...byKey.values()])
      for (const folder of ancestorFoldersOf(path)) if (!byKey.has(pathKey(folder))) byKey.set(pathKey(folder), folder);
    return [...byKey.values()].sort();
  }

  function applyChange(change: VaultChange): void {
    for (const note of change.putNotes) notes.set(note.docId, note);
    for (const docId of change.purgeDocIds) {
      notes.delete(docId);
      retired.add(docId);
    }
    for (const path of change.removeFolders) folders.delete(pathKey(path));
    for (const path of change.putFolders) folders.set(pathKey(path), path);
  }

  async function applyNow(op: VaultOp, now: number): Promise<OpOutcome> {
    const seen = outcomes.get(op.opId);
    if (seen) return seen;
    const change = await planVaultOp(op, view, now);
    applyChange(change);
    outcomes.set(op.opId, change.outcome);
    return change.outcome;
  }

  // Planning awaits the view, so two overlapping applies could both see a path as free; a queue
  // keeps one writer at a time, like the relay's per-vault mutex.
  let queue: Promise<unknown> = Promise.resolve();

  return {
    view,
    apply(op, now) {
      const result = queue.then(() => applyNow(op, now));
      queue = result.catch(() => undefined);
      return result;
    },
    applyChange,
    tree: () => ({ notes: live().sort(byPath), folders: allFolders() }),
    explicitFolders: () => [...folders.values()].sort(),
    trash: () => [...notes.values()].filter((note) => note.deletedAt !== null).sort(byPath),
    note: (docId) => notes.get(docId),
  };
}

function byPath(a: VaultNote, b: VaultNote): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}
