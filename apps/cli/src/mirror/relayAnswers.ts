import { moveFile, removeEmptyFolders } from './fileMoves';
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
