import { lstat, readFile } from 'node:fs/promises';
import { markdownOfDocument } from '@baalda/markdown';
import * as Y from 'yjs';
import { type DiskFile, type FileSignature, hashBytes } from './diskScan';
import { noteTextOf, sizeRefusalOf } from './fileChecks';
import { DISK_EDIT_ORIGIN, diskEditOf, normalizedMarkdown } from './markdownMerge';
import type { MirrorContext, PassReport } from './mirrorContext';
import { diskPathOf } from './mirrorLayout';
import type { MirrorEntry } from './mirrorState';
import type { NoteDoc } from './noteDocs';
import { renderNote, writeMarkdown } from './noteWrites';
import { isSendable, takeSavedText } from './savedEdits';

/** A note file's text and the hash of its bytes. */
export interface NoteFileText {
  readonly text: string;
  readonly signature: FileSignature;
}

/**
 * Reads a `.md` file; null when it is refused (logged once, MIR6: too large or not text), or not settled:
 * it changed while it was read, or it is empty where it was not before (an in-place save truncates the
 * file before it writes it). An unsettled file keeps the pass from being idle and is read again by the
 * next one; an empty one is taken once a second look finds it as it was.
 */
export async function readNoteFile(ctx: MirrorContext, file: DiskFile, pass: PassReport): Promise<NoteFileText | null> {
  const tooLarge = sizeRefusalOf('note', file.size);
  if (tooLarge) {
    ctx.refused.refuse(file, tooLarge);
    return null;
  }
  const path = diskPathOf(ctx.layout, file.path);
  const before = await lstat(path);
  const bytes = await readFile(path);
  const after = await lstat(path).catch(() => null);
  const seen = { path: file.path, size: bytes.length, mtimeMs: before.mtimeMs };
  if (!after || !isSameLook(before, after) || before.size !== bytes.length || isFirstEmptyLook(ctx, seen)) {
    pass.waiting = true;
    return null;
  }
  const text = noteTextOf(bytes);
  if (!text.ok) {
    ctx.refused.refuse(seen, text.reason);
    return null;
  }
  return { text: text.text, signature: { size: seen.size, mtimeMs: seen.mtimeMs, hash: hashBytes(bytes) } };
}

function isSameLook(one: { size: number; mtimeMs: number }, other: { size: number; mtimeMs: number }): boolean {
  return one.size === other.size && one.mtimeMs === other.mtimeMs;
}

function isFirstEmptyLook(ctx: MirrorContext, file: DiskFile): boolean {
  if (file.size > 0) {
    ctx.emptyFiles.delete(file.path);
    return false;
  }
  const isFirst = ctx.emptyFiles.get(file.path) !== file.mtimeMs;
  ctx.emptyFiles.set(file.path, file.mtimeMs);
  return isFirst;
}

/**
 * MIR3: a tracked note's file changed. Its edit is made against the document the file was written from
 * (or a text a rewrite just replaced, MIR4: takeSavedText) and merged into the live one; the file is
 * rewritten only when the merge brought in more than the file says (edits from elsewhere), never for mere
 * Markdown normalization. Its links are read as the names the file shows meant when it was written (MIR13).
 */
export async function takeNoteEdit(ctx: MirrorContext, entry: MirrorEntry, file: DiskFile, pass: PassReport) {
  const read = await readNoteFile(ctx, file, pass);
  if (!read) return;
  if (entry.disk?.hash === read.signature.hash) {
    entry.disk = read.signature;
    return;
  }
  const note = await ctx.docs.open(entry.docId);
  const links = ctx.links.writingInto(entry.relayPath ?? entry.path, ctx.links.forFileOf(entry.docId));
  const normalized = normalizedMarkdown(read.text, links);
  if (normalized === markdownOfDocument(note.doc, links)) return agree(ctx, entry, note, read.signature, normalized);
  if (note.link.isReadOnly()) {
    ctx.refused.refuse(file, 'the relay opens this note read-only (a viewer or a read-only token, ACL4)');
    return;
  }
  const shown = { base: (await ctx.docs.readBase(entry.docId)) ?? Y.encodeStateAsUpdate(note.doc), blocks: null };
  const edit = await takeSavedText(ctx, entry, note, { text: read.text, file }, shown, links);
  if (!edit) return;
  pass.acted = true;
  const merged = renderNote(note.doc, links);
  if (merged.markdown === normalized) return agree(ctx, entry, note, read.signature, normalized);
  // The document holds edits the file never showed (made elsewhere meanwhile): the file gets them too. Until
  // it is rewritten, the file is the base plus this edit (if it changes again first, the next pass merges on).
  await ctx.docs.saveBase(entry.docId, edit.baseAfter);
  Object.assign(entry, { disk: read.signature, renderedHash: hashBytes(normalized) });
  if (await writeMarkdown(ctx, entry, merged)) ctx.log.line(`${entry.path} ← relay (edited: merged with yours)`);
  else ctx.docs.relayChanged.add(entry.docId);
}

/** MIR5: a new note's document, made from its file's text (nothing else is in it yet). */
export async function startNoteFromFile(ctx: MirrorContext, entry: MirrorEntry, file: DiskFile, read: NoteFileText) {
  const note = await ctx.docs.open(entry.docId);
  const links = ctx.links.writingInto(entry.path, ctx.links.now);
  const edit = diskEditOf(Y.encodeStateAsUpdate(note.doc), read.text, links);
  if (!isSendable(ctx, file, edit.update)) {
    await ctx.docs.close(entry.docId, true);
    return false;
  }
  Y.applyUpdate(note.doc, edit.update, DISK_EDIT_ORIGIN);
  await ctx.docs.saveLive(entry.docId);
  await agree(ctx, entry, note, read.signature, markdownOfDocument(note.doc, ctx.links.now));
  return true;
}

/**
 * The file and the document say the same (up to normalization): the document is now the file's base.
 * `markdown` is the document's as the caller just read it, before anything was awaited (MIR14).
 */
export async function agree(
  ctx: MirrorContext,
  entry: MirrorEntry,
  note: NoteDoc,
  signature: FileSignature,
  markdown: string,
): Promise<void> {
  const seen = ctx.docs.relayChanged.now();
  await ctx.docs.saveBase(entry.docId, Y.encodeStateAsUpdate(note.doc));
  // A file that still shows names changed since it was written stands for the note in those names: the
  // pass's writes rewrite it with today's when they differ (MIR13), only while it stays as it is (MIR4).
  const earlier = ctx.links.earlierOf(entry.docId);
  const shown = earlier ? markdownOfDocument(note.doc, earlier) : markdown;
  Object.assign(entry, { disk: signature, renderedHash: hashBytes(shown) });
  if (earlier) ctx.docs.relayChanged.add(entry.docId);
  else ctx.docs.relayChanged.settle(entry.docId, seen);
}

/**
 * MIR4: the note's document holds what its file doesn't show (the relay changed it): its file is
 * rewritten, or first written for a note new here. The note's mark goes only when the file shows the
 * document as read here (MIR14); a file changed meanwhile keeps it, and the next pass merges that first.
 */
export async function writeNoteFile(ctx: MirrorContext, entry: MirrorEntry, note: NoteDoc, pass: PassReport) {
  const denial = note.link.denial();
  if (denial !== null) {
    ctx.docs.relayChanged.delete(entry.docId);
    ctx.log.once(`denied:${entry.docId}`, `${entry.path} not synced: the relay refused its document (${denial})`);
    return;
  }
  if (entry.disk === null && !note.link.hasSynced()) {
    pass.waiting = true;
    return;
  }
  const seen = ctx.docs.relayChanged.now();
  const rendering = renderNote(note.doc, ctx.links.now);
  if (entry.disk !== null && hashBytes(rendering.markdown) === entry.renderedHash) {
    ctx.docs.relayChanged.settle(entry.docId, seen);
    return ctx.links.settled(entry.docId);
  }
  const why = entry.disk === null ? 'created' : ctx.links.earlierOf(entry.docId) ? 'links renamed' : 'edited';
  if (await writeMarkdown(ctx, entry, rendering)) {
    ctx.docs.relayChanged.settle(entry.docId, seen);
    pass.acted = true;
    ctx.log.line(`${entry.path} ← relay (${why})`);
  } else if (await isRefusedAsItIs(ctx, entry)) ctx.docs.relayChanged.delete(entry.docId);
  else pass.acted = true;
}

// MIR6: a file refused as it stands is left alone until it changes; the merge then brings the note's text.
async function isRefusedAsItIs(ctx: MirrorContext, entry: MirrorEntry): Promise<boolean> {
  const stats = await lstat(diskPathOf(ctx.layout, entry.path)).catch(() => null);
  return stats !== null && ctx.refused.has({ path: entry.path, size: stats.size, mtimeMs: stats.mtimeMs });
}
