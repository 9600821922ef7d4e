import { markdownOfDocument } from '@baalda/markdown';
import * as Y from 'yjs';
import type { DiskFile } from './diskScan';
import { blocksOf } from './markdownMerge';
import type { MirrorContext, PassReport } from './mirrorContext';
import type { MirrorEntry } from './mirrorState';
import { readNoteFile } from './noteFiles';

// The share of a file's blocks that must be a missing note's last text for the file to be that note, moved.
const MOSTLY_ITS_TEXT = 0.5;

/** Whose a changed file at a note's path is: that note's, a missing note's moved there, or a new file's. */
export type ChangedFileOwner =
  | { readonly kind: 'entry' }
  | { readonly kind: 'moved'; readonly entry: MirrorEntry }
  | { readonly kind: 'new' };

/**
 * MIR5: a changed file at a note's path may be another note's file, moved there while the mirror was not
 * watching after the first one's file went away (renamed or deleted), and edited since: `mv b.md a.md`. Its
 * bytes no longer match, so only its text can tell. It is the missing note whose last text it is most like,
 * when at least half its blocks are that note's and more of them than the note at the path has. On the first
 * scan after a start, a file sharing no block with the note at its path is a new one (deleted and made anew
 * while no mirror watched). Merged into the note at the path instead, one note's text would replace the
 * other's. Nearly always, the file is the note's own.
 */
export async function ownerOfChangedFile(
  ctx: MirrorContext,
  entry: MirrorEntry,
  file: DiskFile,
  missing: readonly MirrorEntry[],
  pass: PassReport,
): Promise<ChangedFileOwner> {
  const candidates = missing.filter((other) => other.kind === 'note');
  const own: ChangedFileOwner = { kind: 'entry' };
  if (entry.kind !== 'note' || (candidates.length === 0 && ctx.scannedSinceStart)) return own;
  const read = await readNoteFile(ctx, file, pass);
  if (!read) return own;
  // As typed: the blocks a person left alone are what the mirror wrote, with the link names of that time.
  const blocks = blocksOf(read.text);
  if (blocks.length === 0) return own;
  const shareOf = async (note: MirrorEntry) => shareOfBlocks(blocks, await lastTextBlocks(ctx, note));
  const ownBlocks = await lastTextBlocks(ctx, entry);
  if (ownBlocks.length === 0) return own;
  const ownShare = shareOfBlocks(blocks, ownBlocks);
  let closest: { entry: MirrorEntry; share: number } | null = null;
  for (const candidate of candidates) {
    const share = await shareOf(candidate);
    if (share > ownShare && share >= MOSTLY_ITS_TEXT && share > (closest?.share ?? 0))
      closest = { entry: candidate, share };
  }
  if (closest) return { kind: 'moved', entry: closest.entry };
  return ownShare === 0 && !ctx.scannedSinceStart ? { kind: 'new' } : own;
}

/**
 * The blocks of the text the note's file last showed (its base, or its document when it has none), with
 * the link names the file was written with.
 */
async function lastTextBlocks(ctx: MirrorContext, entry: MirrorEntry): Promise<string[]> {
  const links = ctx.links.earlierOf(entry.docId) ?? ctx.links.now;
  const base = await ctx.docs.readBase(entry.docId);
  const doc = new Y.Doc();
  if (base) Y.applyUpdate(doc, base);
  else Y.applyUpdate(doc, Y.encodeStateAsUpdate((await ctx.docs.open(entry.docId)).doc));
  const markdown = markdownOfDocument(doc, links);
  doc.destroy();
  return blocksOf(markdown);
}

/** How many of `blocks` (0 to 1) are among `known`. */
function shareOfBlocks(blocks: readonly string[], known: readonly string[]): number {
  const set = new Set(known);
  return blocks.filter((block) => set.has(block)).length / blocks.length;
}
