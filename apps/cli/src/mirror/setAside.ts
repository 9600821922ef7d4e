import { lstat, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { markdownOfDocument } from '@baalda/markdown';
import { hashBytes } from './diskScan';
import { noteTextOf } from './fileChecks';
import { keepAsRemoved } from './fileMoves';
import { blocksOf, normalizedMarkdown } from './markdownMerge';
import { type MirrorContext, type PassReport, tryFile } from './mirrorContext';
import { SET_ASIDE_MS, type SetAside } from './replacements';
import { takeSavedText } from './savedEdits';

/** The part of a set-aside file's name after its docId (`.baalda/tmp/<docId>.aside-<random>`). */
export const SET_ASIDE_MARK = '.aside-';

interface Look {
  readonly size: number;
  readonly mtimeMs: number;
  readonly hash: string;
  readonly bytes: Buffer | null;
}

/** MIR4: a file the mirror's rewrite replaced is watched from now on; `taken` is what it was expected to hold. */
export async function holdSetAside(ctx: MirrorContext, docId: string, path: string, taken: SetAside['taken']) {
  const copy: SetAside = { docId, path, since: Date.now(), taken, lastLook: null };
  ctx.replaced.setAside(copy);
  const look = await lookAt(path, null);
  if (look) copy.lastLook = { size: look.size, mtimeMs: look.mtimeMs, hash: look.hash };
}

/**
 * MIR4: each pass looks at the files set aside by recent rewrites. One that holds a save not taken in
 * yet (it slipped in before the swap, or an editor that had the file open wrote into it after) is merged
 * once two looks agree (an in-place save may be half written at the first); one that held nothing new
 * for SET_ASIDE_MS is deleted.
 */
export async function takeSetAsideSaves(ctx: MirrorContext, pass: PassReport): Promise<void> {
  ctx.replaced.prune(Date.now());
  for (const copy of ctx.replaced.setAsideCopies()) {
    const path = ctx.state.entries.get(copy.docId)?.path ?? copy.path;
    await tryFile(ctx, path, () => followSetAside(ctx, copy, pass));
  }
}

async function followSetAside(ctx: MirrorContext, copy: SetAside, pass: PassReport): Promise<void> {
  const before = copy.lastLook;
  const expired = Date.now() - copy.since >= SET_ASIDE_MS;
  // Read whenever its size or time moved, and once more before it goes.
  const look = await lookAt(copy.path, expired ? null : before);
  if (!look) return ctx.replaced.release(copy.path);
  copy.lastLook = { size: look.size, mtimeMs: look.mtimeMs, hash: look.hash };
  const steady = before !== null && before.size === look.size && before.mtimeMs === look.mtimeMs;
  if (look.hash !== copy.taken.hash) {
    pass.waiting = true;
    if (steady && before.hash === look.hash) await takeSetAsideSave(ctx, copy, look, pass);
    return;
  }
  if (!expired || !steady) return;
  await rm(copy.path, { force: true });
  ctx.replaced.release(copy.path);
}

async function takeSetAsideSave(ctx: MirrorContext, copy: SetAside, look: Look, pass: PassReport) {
  const entry = ctx.state.entries.get(copy.docId);
  const note = ctx.docs.get(copy.docId);
  const bytes = look.bytes ?? (await readFile(copy.path));
  const text = noteTextOf(bytes);
  if (!entry || !note || entry.trashOpId !== null || !text.ok || note.link.isReadOnly())
    return keepSetAside(ctx, copy, entry?.path ?? copy.docId);
  const links = ctx.links.writingInto(entry.relayPath ?? entry.path, ctx.links.forFileOf(entry.docId));
  const file = { path: entry.path, size: bytes.length, mtimeMs: look.mtimeMs };
  const edit = await takeSavedText(
    ctx,
    entry,
    note,
    { text: text.text, file },
    { base: copy.taken.base, blocks: null },
    links,
  );
  if (!edit) return keepSetAside(ctx, copy, entry.path);
  copy.taken = { hash: look.hash, base: edit.baseAfter };
  ctx.docs.relayChanged.add(entry.docId);
  pass.acted = true;
  ctx.log.line(`${entry.path}: a save made as the mirror rewrote the file is merged (MIR4)`);
}

// A save that can't go into its note (the note is gone, read-only, or the text is refused) is never deleted.
async function keepSetAside(ctx: MirrorContext, copy: SetAside, path: string): Promise<void> {
  ctx.replaced.release(copy.path);
  const kept = await keepAsRemoved(ctx.layout, copy.path, path);
  if (kept) ctx.log.line(`${path}: a save made as the mirror rewrote the file could not be merged; kept in ${kept}`);
}

async function lookAt(path: string, before: SetAside['lastLook']): Promise<Look | null> {
  const stats = await lstat(path).catch(() => null);
  if (!stats) return null;
  if (before && before.size === stats.size && before.mtimeMs === stats.mtimeMs) return { ...before, bytes: null };
  const bytes = await readFile(path).catch(() => null);
  if (!bytes) return null;
  return { size: stats.size, mtimeMs: stats.mtimeMs, hash: hashBytes(bytes), bytes };
}

/**
 * MIR4 at a start: a file a rewrite set aside before the mirror last stopped or was killed is deleted when
 * its note holds every block of it, and otherwise kept in `.baalda/removed/` (a save that was never merged).
 */
export async function keepLeftAside(ctx: MirrorContext): Promise<void> {
  const names = await readdir(ctx.layout.tmp).catch(() => []);
  for (const name of names.filter((candidate) => candidate.includes(SET_ASIDE_MARK))) {
    const docId = name.slice(0, name.indexOf(SET_ASIDE_MARK));
    const bytes = await readFile(join(ctx.layout.tmp, name)).catch(() => null);
    const entry = ctx.state.entries.get(docId);
    const note = ctx.docs.get(docId);
    if (!bytes || !entry) continue;
    const text = noteTextOf(bytes);
    const held = note ? new Set(blocksOf(markdownOfDocument(note.doc, ctx.links.now))) : new Set<string>();
    if (text.ok && blocksOf(normalizedMarkdown(text.text, ctx.links.now)).every((block) => held.has(block))) continue;
    const kept = await keepAsRemoved(ctx.layout, join(ctx.layout.tmp, name), entry.path);
    if (kept) ctx.log.line(`${entry.path}: a save set aside when the mirror last stopped is kept in ${kept}`);
  }
}
