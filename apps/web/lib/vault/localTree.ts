import { createMemoryVault, type MemoryVault, pathKey, type VaultNote } from '@baalda/core';
import type { VaultSnapshot } from './vaultSnapshot';
import type { OutboxEntry } from './vaultStorage';

/** What the sidebar shows: the relay's last snapshot with this device's unconfirmed ops applied on top. */
export interface LocalTree {
  readonly notes: readonly VaultNote[];
  readonly folders: readonly string[];
  readonly trash: readonly VaultNote[];
}

/**
 * Rebuilds the local vault: the relay's snapshot, then every op it does not reflect yet, in order, through
 * core's planner (the relay runs the same one, so what shows offline is what the relay will most likely do).
 * An op the snapshot already reflects (answered at or below its version) is skipped.
 */
export async function rebuildLocalVault(
  snapshot: VaultSnapshot,
  entries: readonly OutboxEntry[],
): Promise<MemoryVault> {
  const vault = createMemoryVault({ notes: [...snapshot.notes, ...snapshot.trash], folders: snapshot.folders });
  for (const entry of entries) {
    if (entry.ackedVersion !== null && entry.ackedVersion <= snapshot.version) continue;
    await vault.apply(entry.op, entry.at);
  }
  return vault;
}

/** The parts of a vault the UI reads. */
export function readLocalTree(vault: MemoryVault): LocalTree {
  const { notes, folders } = vault.tree();
  return { notes, folders, trash: vault.trash() };
}

/** True when two trees put every note at the same place (times aside): what the person would see. */
export function isSameLayout(a: LocalTree, b: LocalTree): boolean {
  const layout = (tree: LocalTree) =>
    JSON.stringify([
      tree.notes.map((note) => `${note.docId}:${note.path}`).sort(),
      tree.trash.map((note) => `${note.docId}:${note.path}`).sort(),
      tree.folders.map(pathKey).sort(),
    ]);
  return layout(a) === layout(b);
}
