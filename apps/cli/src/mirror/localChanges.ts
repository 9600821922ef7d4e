import { entryKindOf, fileNameOf } from '@baalda/core';
import { markdownOfDocument } from '@baalda/markdown';
import { FILES_AT_ONCE, forEachConcurrently } from './concurrently';
import { type DiskFile, type DiskSnapshot, hashFile, hasSameStat } from './diskScan';
import { refreshLinkNames } from './linkRenames';
import { normalizedMarkdown } from './markdownMerge';
import { type MirrorContext, type PassReport, tryFile } from './mirrorContext';
import { diskPathOf } from './mirrorLayout';
import { liveEntries, type MirrorEntry, newId } from './mirrorState';
import { ownerOfChangedFile } from './movedOnto';
import { addNewFile, followAttachmentFile, isRelayCopy, planNewIds } from './newFiles';
import { readNoteFile, takeNoteEdit } from './noteFiles';

/**
 * The disk's side of a pass (MIR3, MIR5): edits of tracked files go into their documents; a tracked file
 * gone and a new file with the same bytes are a move; other new files become notes or attachments; tracked
 * files gone for good go to the trash.
 */
export async function applyLocalChanges(ctx: MirrorContext, disk: DiskSnapshot, pass: PassReport): Promise<void> {
  const claimed = new Set<string>();
  const missing: MirrorEntry[] = [];
  const found: Array<[MirrorEntry, DiskFile]> = [];
  for (const entry of liveEntries(ctx.state)) {
    const file = disk.get(entry.path);
    if (file) found.push([entry, file]);
    else if (entry.disk === null) claimed.add(entry.path);
    else missing.push(entry);
  }
  for (const [atPath, file] of found) {
    const entry = await ownerAmongMissing(ctx, atPath, file, missing, pass);
    const owner = entry ? await ownerOf(ctx, entry, file, pass) : 'another';
    if (owner !== 'another') claimed.add(file.path);
    if (entry && owner === 'entry') await tryFile(ctx, file.path, () => followFile(ctx, entry, file, pass));
  }
  ctx.refused.keepOnly(disk);
  const fresh = [...disk.values()].filter((file) => !claimed.has(file.path) && !ctx.refused.has(file));
  const unmatched = await matchMoves(ctx, missing, fresh, pass);
  for (const entry of missing) await markGone(ctx, entry, pass);
  ctx.scannedSinceStart = true;
  planNewIds(ctx, unmatched, disk);
  refreshLinkNames(ctx);
  await forEachConcurrently(unmatched, FILES_AT_ONCE, (file) =>
    tryFile(ctx, file.path, () => addNewFile(ctx, file, pass)),
  );
}

/**
 * MIR7: a file found where an entry's file was not written yet is the entry's only when it shows the entry's
 * note or has its attachment's bytes (a write that a kill kept the mirror from recording). Any other file there is a person's new file or
 * rename, and goes its own way: merged into the note that merely had the path, it put one note's text into
 * another. It is not claimed, so it is sent as a new note or move, and the relay names the one in the way.
 */
async function ownerOf(
  ctx: MirrorContext,
  entry: MirrorEntry,
  file: DiskFile,
  pass: PassReport,
): Promise<'entry' | 'another' | 'unsettled'> {
  if (entry.disk !== null) return 'entry';
  if (entry.kind === 'attachment') return attachmentOwnerOf(ctx, entry, file);
  const read = await readNoteFile(ctx, file, pass);
  if (!read) return 'unsettled';
  const note = await ctx.docs.open(entry.docId);
  const links = ctx.links.writingInto(entry.relayPath ?? entry.path, ctx.links.now);
  return normalizedMarkdown(read.text, links) === markdownOfDocument(note.doc, links) ? 'entry' : 'another';
}

// An attachment not downloaded yet: the file is its own when it has the relay's bytes (a download a kill kept
// from being recorded); a person's other file there would otherwise be read as a new version of it.
async function attachmentOwnerOf(ctx: MirrorContext, entry: MirrorEntry, file: DiskFile) {
  const hash = await hashFile(diskPathOf(ctx.layout, file.path));
  if (hash === null) return 'unsettled';
  try {
    return (await isRelayCopy(ctx, entry.docId, hash)) ? 'entry' : 'another';
  } catch {
    return 'unsettled';
  }
}

/**
 * The entry whose file this is: the one at its path, a missing note moved onto that path, or none (a new
 * file, MIR5). Unless it is the one at the path, that one is missing, and goes where its file went (a move
 * found by bytes, or the trash).
 */
async function ownerAmongMissing(
  ctx: MirrorContext,
  atPath: MirrorEntry,
  file: DiskFile,
  missing: MirrorEntry[],
  pass: PassReport,
): Promise<MirrorEntry | null> {
  if (atPath.disk === null || hasSameStat(file, atPath.disk) || ctx.refused.has(file)) return atPath;
  const owner = await ownerOfChangedFile(ctx, atPath, file, missing, pass);
  if (owner.kind === 'entry') return atPath;
  pass.acted = true;
  if (owner.kind === 'new') {
    missing.push(atPath);
    return null;
  }
  missing.splice(missing.indexOf(owner.entry), 1, atPath);
  owner.entry.path = file.path;
  return owner.entry;
}

async function followFile(ctx: MirrorContext, entry: MirrorEntry, file: DiskFile, pass: PassReport): Promise<void> {
  if (hasSameStat(file, entry.disk) || ctx.refused.has(file)) return;
  if (entry.kind === 'note') await takeNoteEdit(ctx, entry, file, pass);
  else await followAttachmentFile(ctx, entry, file, pass);
}

/**
 * MIR5: pairs each new file with a tracked file that went missing in the same scan and had the same bytes
 * (and kind), preferring one of the same name (a folder renamed); the pair is one move of the same note.
 * Removes the paired entries from `missing`; returns the new files left over.
 */
async function matchMoves(
  ctx: MirrorContext,
  missing: MirrorEntry[],
  fresh: readonly DiskFile[],
  pass: PassReport,
): Promise<DiskFile[]> {
  const unmatched: DiskFile[] = [];
  for (const file of fresh) {
    const sized = missing.filter((entry) => entry.disk?.size === file.size && entry.kind === entryKindOf(file.path));
    const hash = sized.length > 0 ? await hashFile(diskPathOf(ctx.layout, file.path)) : null;
    const same = sized.filter((entry) => entry.disk?.hash === hash);
    const entry = same.find((candidate) => fileNameOf(candidate.path) === fileNameOf(file.path)) ?? same[0];
    if (!entry || hash === null) {
      unmatched.push(file);
      continue;
    }
    missing.splice(missing.indexOf(entry), 1);
    // The relay hears of it when the pass sends its ops (wantsMove); a create not yet sent just takes the new path.
    Object.assign(entry, { path: file.path, disk: { size: file.size, mtimeMs: file.mtimeMs, hash } });
    pass.acted = true;
  }
  return unmatched;
}

/** MIR5: a tracked file deleted on disk: its note goes to the relay's trash (TR1), not into oblivion. */
async function markGone(ctx: MirrorContext, entry: MirrorEntry, pass: PassReport): Promise<void> {
  pass.acted = true;
  if (entry.relayPath !== null || entry.createSent) {
    entry.trashOpId ??= newId();
    return;
  }
  // Never left this machine: nothing to trash.
  ctx.state.entries.delete(entry.docId);
  if (entry.kind === 'note') await ctx.docs.close(entry.docId, true);
}
