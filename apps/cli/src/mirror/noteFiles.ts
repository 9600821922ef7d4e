import { readFile } from 'node:fs/promises';
import { markdownOfDocument } from '@baalda/core';
import * as Y from 'yjs';
import { writeFileAtomically } from '../files/atomicWrite';
import { type DiskFile, type FileSignature, hashBytes, hashFile, signatureOf } from './diskScan';
import { MIRROR_LIMITS, noteTextOf, sizeLabel, sizeRefusalOf } from './fileChecks';
import { DISK_EDIT_ORIGIN, diskEditOf, normalizedMarkdown } from './markdownMerge';
import type { MirrorContext, PassReport } from './mirrorContext';
import { diskPathOf } from './mirrorLayout';
import type { MirrorEntry } from './mirrorState';
import type { NoteDoc } from './noteDocs';

/** A note file's text and the hash of its bytes. */
export interface NoteFileText {
  readonly text: string;
  readonly signature: FileSignature;
}

/** Reads a `.md` file; null (refused and logged once, MIR6) when it is too large or not text. */
export async function readNoteFile(ctx: MirrorContext, file: DiskFile): Promise<NoteFileText | null> {
  const tooLarge = sizeRefusalOf('note', file.size);
  if (tooLarge) {
    ctx.refused.refuse(file, tooLarge);
    return null;
  }
  const bytes = await readFile(diskPathOf(ctx.layout, file.path));
  const text = noteTextOf(bytes);
  if (!text.ok) {
    ctx.refused.refuse(file, text.reason);
    return null;
  }
  return { text: text.text, signature: { size: bytes.length, mtimeMs: file.mtimeMs, hash: hashBytes(bytes) } };
}

/**
 * MIR3: a tracked note's file changed. Its edit is made against the document the file was written from
 * and merged into the live one; the file is rewritten only when the merge brought in more than the file
 * says (edits from elsewhere), never for mere Markdown normalization. Its links are read as the names the
 * file shows meant when it was written (MIR13).
 */
export async function takeNoteEdit(ctx: MirrorContext, entry: MirrorEntry, file: DiskFile, pass: PassReport) {
  const read = await readNoteFile(ctx, file);
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
  const base = (await ctx.docs.readBase(entry.docId)) ?? Y.encodeStateAsUpdate(note.doc);
  const edit = diskEditOf(base, read.text, links);
  if (!isSendable(ctx, file, edit.update)) return;
  Y.applyUpdate(note.doc, edit.update, DISK_EDIT_ORIGIN);
  await ctx.docs.saveLive(entry.docId);
  pass.acted = true;
  ctx.acks.expect(entry.docId, entry.path, 'edited');
  const merged = markdownOfDocument(note.doc, links);
  if (merged === normalized) return agree(ctx, entry, note, read.signature, merged);
  // The document holds edits the file never showed (made elsewhere meanwhile): the file gets them too. Until
  // it is rewritten, the file is the base plus this edit (if it changes again first, the next pass merges on).
  await ctx.docs.saveBase(entry.docId, edit.baseAfter);
  Object.assign(entry, { disk: read.signature, renderedHash: hashBytes(normalized) });
  if (await writeMarkdown(ctx, entry, note, merged)) ctx.log.line(`${entry.path} ← relay (edited: merged with yours)`);
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

/** The file and the document say the same (up to normalization): the document is now the file's base. */
export async function agree(
  ctx: MirrorContext,
  entry: MirrorEntry,
  note: NoteDoc,
  signature: FileSignature,
  markdown: string,
): Promise<void> {
  await ctx.docs.saveBase(entry.docId, Y.encodeStateAsUpdate(note.doc));
  // A file that still shows names changed since it was written stands for the note in those names: the
  // pass's writes rewrite it with today's when they differ (MIR13), only while it stays as it is (MIR4).
  const earlier = ctx.links.earlierOf(entry.docId);
  const shown = earlier ? markdownOfDocument(note.doc, earlier) : markdown;
  Object.assign(entry, { disk: signature, renderedHash: hashBytes(shown) });
  if (earlier) ctx.docs.relayChanged.add(entry.docId);
  else ctx.docs.relayChanged.delete(entry.docId);
}

/** MIR4: the relay changed the note: its file is rewritten, or first written for a note new here. */
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
  ctx.docs.relayChanged.delete(entry.docId);
  const markdown = markdownOfDocument(note.doc, ctx.links.now);
  if (entry.disk !== null && hashBytes(markdown) === entry.renderedHash) return ctx.links.settled(entry.docId);
  const why = entry.disk === null ? 'created' : ctx.links.earlierOf(entry.docId) ? 'links renamed' : 'edited';
  if (!(await writeMarkdown(ctx, entry, note, markdown))) return;
  pass.acted = true;
  ctx.log.line(`${entry.path} ← relay (${why})`);
}

/**
 * Writes the note's Markdown over its file, only if the file is still what the mirror last agreed with
 * (or, for a first write, absent): a file changed meanwhile is never overwritten (MIR4). The live state
 * is saved first and the base just before the rename, so after a crash the file never claims more than
 * the saved documents hold.
 */
async function writeMarkdown(ctx: MirrorContext, entry: MirrorEntry, note: NoteDoc, markdown: string) {
  const target = diskPathOf(ctx.layout, entry.path);
  const bytes = Buffer.from(markdown);
  const state = Y.encodeStateAsUpdate(note.doc);
  await ctx.docs.saveLive(entry.docId);
  const expected = entry.disk?.hash ?? null;
  const written =
    expected === null
      ? await writeFileAtomically(target, bytes, { tempDir: ctx.layout.tmp, mode: 'create' })
      : await writeFileAtomically(target, bytes, {
          tempDir: ctx.layout.tmp,
          mayReplace: async () => {
            if ((await hashFile(target)) !== expected) return false;
            await ctx.docs.saveBase(entry.docId, state);
            return true;
          },
        });
  if (!written) return false;
  if (expected === null) await ctx.docs.saveBase(entry.docId, state);
  Object.assign(entry, { disk: await signatureOf(target, hashBytes(bytes)), renderedHash: hashBytes(markdown) });
  ctx.links.settled(entry.docId);
  return true;
}

// LIM1: an edit that could not travel in one frame would close the socket on every retry.
function isSendable(ctx: MirrorContext, file: DiskFile, update: Uint8Array): boolean {
  if (update.length <= MIRROR_LIMITS.maxEditUpdateBytes) return true;
  ctx.refused.refuse(file, `this edit is ${sizeLabel(update.length)} as one sync message, over LIM1 (MIR6)`);
  return false;
}
