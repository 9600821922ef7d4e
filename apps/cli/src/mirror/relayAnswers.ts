import { conflictPath, pathKey } from '@baalda/core';
import { moveFile, moveToRemoved, removeEmptyFolders } from './fileMoves';
import type { MirrorContext } from './mirrorContext';
import { diskPathOf } from './mirrorLayout';
import type { MirrorEntry } from './mirrorState';

// What the mirror does with the relay's answers to its creates, uploads and moves.

/**
 * What the relay made of the path an op asked for. It may spell it otherwise or name it anew (PATH10, NFC,
 * CN1): then the file follows. When it kept the asked path and the file moved on since (renamed again while
 * the answer was on its way), the file stays where the person put it and the next pass sends a move.
 */
export interface PathAnswer {
  readonly asked: string;
  readonly given: string;
}

// Only a file still at the path its op asked for follows the relay's name for it.
function isRenamedByRelay(entry: MirrorEntry, path: PathAnswer): boolean {
  return path.given !== path.asked && nfc(entry.path) === path.asked;
}

/** A create or an upload answered: the relay's path is the entry's, shown on disk by renaming the file (CN1). */
export async function afterCreate(ctx: MirrorContext, entry: MirrorEntry, path: PathAnswer, renamedFrom?: string) {
  const local = entry.path;
  entry.relayPath = path.given;
  if (isRenamedByRelay(entry, path)) await followRelayPath(ctx, entry);
  const conflict = renamedFrom ? ` as "${path.given}": another entry took that path first (CN1)` : '';
  // An upload's answer came with its bytes stored; a note's text still travels on its document (MIR11).
  if (entry.kind === 'note') ctx.acks.expect(entry.docId, local, `created${conflict}`);
  else ctx.log.line(`${local} → relay (created${conflict})`);
}

export async function afterMove(ctx: MirrorContext, entry: MirrorEntry, asked: string, given: string): Promise<void> {
  const from = entry.relayPath;
  Object.assign(entry, { moveOpId: null, movePath: null, relayPath: given });
  if (isRenamedByRelay(entry, { asked, given })) await followRelayPath(ctx, entry);
  ctx.log.line(`${asked} → relay (moved from ${from})`);
}

/**
 * MIR5: a move answered NOTE_IN_TRASH or NOTE_NOT_FOUND: the note left the vault's live tree while its file
 * moved here. Trash wins, as it does when the tree says so: the file goes into `.baalda/removed/`, and a
 * restore brings the note back at the relay's path as a new entry.
 */
export async function setAsideGoneNote(ctx: MirrorContext, entry: MirrorEntry): Promise<void> {
  ctx.remote.stale = true;
  const kept = await dropEntryLocally(ctx, entry);
  const where = kept ? `; the file is kept in ${kept}` : '';
  ctx.log.line(`${entry.path} not moved on the relay: it is in the trash or gone there${where}`);
}

/**
 * An entry the relay no longer has live: its file (if written) goes into `.baalda/removed/`, the entry and its
 * document are forgotten, and the folders it leaves empty go unless the relay's tree holds them. Returns where
 * the file went.
 */
export async function dropEntryLocally(ctx: MirrorContext, entry: MirrorEntry): Promise<string | null> {
  const kept = entry.disk === null ? null : await moveToRemoved(ctx.layout, entry.path);
  ctx.state.entries.delete(entry.docId);
  if (entry.kind === 'note') await ctx.docs.close(entry.docId, true);
  const folders = new Set(ctx.remote.tree?.folders.map(pathKey) ?? []);
  await removeEmptyFolders(ctx.layout, entry.path, (folder) => folders.has(pathKey(folder)));
  return kept;
}

/**
 * MIR7: a move refused with PATH_TAKEN (CN4) twice: the person renamed the file onto the path of an entry
 * the relay has (one this mirror has not written yet, or the same name in another case). The file takes
 * CN2's conflict name, dated today, and the next pass asks the relay for that path; the entry in its way
 * can then be written. False when no free name could be taken on disk.
 */
export async function renameAsConflict(ctx: MirrorContext, entry: MirrorEntry): Promise<boolean> {
  const taken = new Set([
    ...(ctx.remote.tree?.notes.map((note) => pathKey(note.path)) ?? []),
    ...[...ctx.state.entries.values()].map((other) => pathKey(other.path)),
  ]);
  const from = entry.path;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const to = conflictPath(from, Date.now(), (key) => taken.has(key));
    if (await moveFile(diskPathOf(ctx.layout, from), diskPathOf(ctx.layout, to))) {
      entry.path = to;
      ctx.log.line(`${from} not moved on the relay: another entry holds that path (CN4); renamed to "${to}"`);
      return true;
    }
    taken.add(pathKey(to));
  }
  return false;
}

/** MIR6: the path is not asked for again until the file moves elsewhere. */
export function refusePath(ctx: MirrorContext, entry: MirrorEntry, line: string): void {
  entry.refusedPath = nfc(entry.path);
  ctx.log.once(`refused:${entry.path}`, line);
}

// The relay may spell the path otherwise (PATH10 folders, NFC, a CN1 name): the file follows it.
async function followRelayPath(ctx: MirrorContext, entry: MirrorEntry): Promise<void> {
  const from = entry.path;
  if (entry.relayPath === null || nfc(from) === entry.relayPath) return;
  if (!(await moveFile(diskPathOf(ctx.layout, from), diskPathOf(ctx.layout, entry.relayPath)))) return;
  entry.path = entry.relayPath;
  await removeEmptyFolders(ctx.layout, from, () => false);
}

/** Paths are compared as the relay stores them (PATH9: NFC). */
export function nfc(path: string): string {
  return path.normalize('NFC');
}
