import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { markdownOfDocument, type NoteLinkResolver } from '@baalda/markdown';
import * as Y from 'yjs';
import { swapFileAtomically, writeFilePlaced } from '../files/atomicWrite';
import { type FileSignature, hashBytes } from './diskScan';
import type { MirrorContext } from './mirrorContext';
import { diskPathOf } from './mirrorLayout';
import type { MirrorEntry } from './mirrorState';
import { holdSetAside, SET_ASIDE_MARK } from './setAside';

/** A note's Markdown and the document state it was rendered from, taken together (MIR14). */
export interface Rendering {
  readonly markdown: string;
  readonly state: Uint8Array;
}

/**
 * The note's Markdown with its state, read in one go: a state read after an await could hold a relay edit
 * the Markdown lacks, and a base saved from it would then read that edit as deleted by the next save.
 */
export function renderNote(doc: Y.Doc, links: NoteLinkResolver): Rendering {
  return { markdown: markdownOfDocument(doc, links), state: Y.encodeStateAsUpdate(doc) };
}

/**
 * MIR4: writes the note's Markdown to its file. A file not written yet is created, never over one that
 * appeared meanwhile. An existing one is replaced only while it is what the mirror last wrote or read: it
 * is read and compared first (a changed file is left to the scan, which merges it, MIR3), then swapped
 * (swapFileAtomically): the file replaced is set aside and watched, so a save that landed between the
 * comparison and the swap, or is still being written into the replaced file, is merged, never lost. The
 * live state is saved first and the base before the swap, so after a crash the file never claims more
 * than the saved documents hold. True when the file now holds `markdown`.
 */
export async function writeMarkdown(ctx: MirrorContext, entry: MirrorEntry, { markdown, state }: Rendering) {
  await ctx.docs.saveLive(entry.docId);
  const written =
    entry.disk === null
      ? await createFile(ctx, entry, state, markdown)
      : await replaceFile(ctx, entry, entry.disk, state, markdown);
  if (written === null) return false;
  Object.assign(entry, { disk: written, renderedHash: hashBytes(markdown) });
  ctx.links.settled(entry.docId);
  return true;
}

async function createFile(ctx: MirrorContext, entry: MirrorEntry, state: Uint8Array, markdown: string) {
  const target = diskPathOf(ctx.layout, entry.path);
  const placed = await writeFilePlaced(target, markdown, { tempDir: ctx.layout.tmp, mode: 'create' });
  if (placed === null) return null;
  await ctx.docs.saveBase(entry.docId, state);
  return { ...placed, hash: hashBytes(markdown) };
}

async function replaceFile(
  ctx: MirrorContext,
  entry: MirrorEntry,
  disk: FileSignature,
  state: Uint8Array,
  markdown: string,
): Promise<FileSignature | null> {
  const target = diskPathOf(ctx.layout, entry.path);
  const shown = await readFile(target).catch(() => null);
  if (shown === null || hashBytes(shown) !== disk.hash) {
    // Changed since it was read, perhaps within the same tick of the clock and at the same size, which the
    // scan would take for unchanged: it reads this file again.
    entry.disk = { ...disk, mtimeMs: -1 };
    return null;
  }
  const base = (await ctx.docs.readBase(entry.docId)) ?? state;
  // A save made from this text a moment after the swap is merged against it (takeSavedText).
  ctx.replaced.remember(entry.docId, { base, blocks: null }, Date.now());
  await ctx.docs.saveBase(entry.docId, state);
  const aside = join(ctx.layout.tmp, `${entry.docId}${SET_ASIDE_MARK}${randomBytes(6).toString('hex')}`);
  const swap = await swapFileAtomically(target, markdown, { tempDir: ctx.layout.tmp, aside });
  if (swap.setAside) await holdSetAside(ctx, entry.docId, aside, { hash: disk.hash, base });
  if (!swap.placed) {
    await ctx.docs.saveBase(entry.docId, base);
    return null;
  }
  return { size: swap.size, mtimeMs: swap.mtimeMs, hash: hashBytes(markdown) };
}
