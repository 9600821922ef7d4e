import type { MoveNoteOp } from '@baalda/core';
import { isSameLayout, readLocalTree, rebuildLocalVault } from './localTree';
import type { VaultSnapshot } from './vaultSnapshot';
import type { OutboxEntry } from './vaultStorage';

/**
 * CN1 for notes made offline: "New note", then naming it "Ideas", is one note created at "Ideas.md" as far
 * as anyone else can tell. Sent as create-at-Untitled then move-to-Ideas, two people doing this offline would
 * get a refused move (CN4) instead of the conflict copy CN1 promises. So a rename of a note whose createNote
 * has not left this device yet is folded into that createNote.
 *
 * Returns the rewritten createNote entry, or null when there is none to fold into or folding would change
 * the outcome (checked by replaying both ways, e.g. when a folder move queued in between involves the note).
 */
export async function foldMoveIntoCreate(
  snapshot: VaultSnapshot,
  entries: readonly OutboxEntry[],
  move: MoveNoteOp,
  at: number,
  inFlight: ReadonlySet<string>,
): Promise<OutboxEntry | null> {
  const index = entries.findIndex(
    (entry) =>
      entry.op.kind === 'createNote' &&
      entry.op.docId === move.docId &&
      entry.ackedVersion === null &&
      !inFlight.has(entry.op.opId),
  );
  const create = entries[index];
  if (create?.op.kind !== 'createNote') return null;
  const folded: OutboxEntry = { ...create, op: { ...create.op, path: move.path } };
  const [moved, refolded] = await Promise.all([
    rebuildLocalVault(snapshot, [...entries, { seq: -1, op: move, at, ackedVersion: null }]),
    rebuildLocalVault(
      snapshot,
      entries.map((entry, position) => (position === index ? folded : entry)),
    ),
  ]);
  return isSameLayout(readLocalTree(moved), readLocalTree(refolded)) ? folded : null;
}
