import { type EntryKind, entryKindOf, validateEntryPath } from '@baalda/core';
import { markdownOfDocument } from '@baalda/markdown';
import type { ApiNote } from '../relayClient';
import { type DiskFile, type DiskSnapshot, type FileSignature, hashFile } from './diskScan';
import { sizeRefusalOf } from './fileChecks';
import { normalizedMarkdown } from './markdownMerge';
import type { MirrorContext, PassReport } from './mirrorContext';
import { diskPathOf } from './mirrorLayout';
import { type MirrorEntry, newEntry, newId } from './mirrorState';
import { agree, type NoteFileText, readNoteFile, startNoteFromFile } from './noteFiles';
import { failureOf, remoteHashOf } from './relayCalls';

// MIR7: how long an untracked file waits for the relay's note at its path to arrive before it is compared;
// past it, the file is sent as a new note (and the relay names the one that came second, CN1).
const ADOPT_WAIT_MS = 10_000;

type Adoption = 'adopted' | 'different' | 'waiting';

/**
 * MIR5/MIR6: a file the mirror does not track yet. Refused (logged once, left alone) when too large or at
 * a path the vault refuses; taken as the relay's own entry when the relay has the same bytes at the same
 * path (MIR7); otherwise a new note (its create op is sent with the pass) or a new attachment (uploaded).
 */
export async function addNewFile(ctx: MirrorContext, file: DiskFile, pass: PassReport): Promise<void> {
  const kind = entryKindOf(file.path);
  const refusal = sizeRefusalOf(kind, file.size) ?? pathRefusalOf(file.path, kind);
  if (refusal) return ctx.refused.refuse(file, refusal);
  if (kind === 'note') await addNoteFile(ctx, file, pass);
  else await addAttachmentFile(ctx, file, pass);
}

/**
 * MIR13: gives each file new in this scan the docId it will have, before any of them is read, so a link
 * from one to another resolves whichever is read first. A file at the path of a relay entry gets none:
 * it may be linked to that entry (MIR7), whose name is the relay's. Plans of files no longer on disk go.
 */
export function planNewIds(ctx: MirrorContext, files: readonly DiskFile[], disk: DiskSnapshot): void {
  for (const [path, docId] of ctx.plannedIds) {
    if (!disk.has(path) || ctx.state.entries.has(docId)) ctx.plannedIds.delete(path);
  }
  if (files.length === 0) return;
  const relayPaths = new Set(ctx.remote.tree?.notes.map((note) => note.path));
  for (const file of files) {
    const kind = entryKindOf(file.path);
    if (ctx.plannedIds.has(file.path) || relayPaths.has(file.path.normalize('NFC'))) continue;
    if (sizeRefusalOf(kind, file.size) ?? pathRefusalOf(file.path, kind)) continue;
    ctx.plannedIds.set(file.path, newId());
  }
}

// The id planned for a new file (kept until its entry exists: a file refused meanwhile keeps it for later).
function plannedIdOf(ctx: MirrorContext, path: string): string {
  return ctx.plannedIds.get(path) ?? newId();
}

function pathRefusalOf(path: string, kind: EntryKind): string | null {
  const checked = validateEntryPath(path, kind);
  return checked.ok ? null : `${checked.message} (the vault's path rules; rename the file to sync it)`;
}

async function addNoteFile(ctx: MirrorContext, file: DiskFile, pass: PassReport): Promise<void> {
  const read = await readNoteFile(ctx, file, pass);
  if (!read) return;
  const twin = relayTwinOf(ctx, file.path, 'note');
  if (twin && (await adoptNote(ctx, twin, file, read, pass)) !== 'different') return;
  const docId = plannedIdOf(ctx, file.path);
  const entry = newEntry({ docId, kind: 'note', path: file.path, relayPath: null, createdAt: Date.now() });
  if (!(await startNoteFromFile(ctx, entry, file, read))) return;
  ctx.state.entries.set(entry.docId, entry);
  pass.acted = true;
}

async function addAttachmentFile(ctx: MirrorContext, file: DiskFile, pass: PassReport): Promise<void> {
  const hash = await hashFile(diskPathOf(ctx.layout, file.path));
  if (hash === null) return;
  const signature = { size: file.size, mtimeMs: file.mtimeMs, hash };
  const twin = relayTwinOf(ctx, file.path, 'attachment');
  if (twin && (await adoptAttachment(ctx, twin, file, signature, pass)) !== 'different') return;
  const entry = newEntry({
    docId: plannedIdOf(ctx, file.path),
    kind: 'attachment',
    path: file.path,
    relayPath: null,
    createdAt: Date.now(),
  });
  entry.disk = signature;
  ctx.state.entries.set(entry.docId, entry);
  pass.acted = true;
}

/**
 * A tracked attachment's file changed. Its bytes never change on the relay (ATT7), so a new version is a
 * new attachment at the same path and the old one goes to the trash (sent first, so the path is free).
 */
export async function followAttachmentFile(ctx: MirrorContext, entry: MirrorEntry, file: DiskFile, pass: PassReport) {
  const hash = await hashFile(diskPathOf(ctx.layout, file.path));
  if (hash === null) return;
  const signature = { size: file.size, mtimeMs: file.mtimeMs, hash };
  const unsent = entry.relayPath === null && !entry.createSent;
  // A download that landed before a crash let the mirror record it: the bytes say whether it is the relay's.
  const landed = entry.disk === null && entry.relayPath !== null && (await isRelayCopy(ctx, entry.docId, hash));
  if (hash === entry.disk?.hash || unsent || landed) {
    entry.disk = signature;
    return;
  }
  // The new version must be one the relay takes before the old one is given up.
  const tooLarge = sizeRefusalOf('attachment', file.size);
  if (tooLarge) return ctx.refused.refuse(file, tooLarge);
  entry.trashOpId = newId();
  pass.acted = true;
  await addNewFile(ctx, file, pass);
}

// The relay's live entry at exactly this path that the mirror does not track yet, if a tree was read. An
// older tree will do: what is linked is compared first, and a later move of the twin is followed as usual.
function relayTwinOf(ctx: MirrorContext, path: string, kind: EntryKind): ApiNote | null {
  const tree = ctx.remote.tree;
  const wanted = path.normalize('NFC');
  const twin = tree?.notes.find((note) => note.path === wanted && entryKindOf(note.path) === kind);
  return twin && !ctx.state.entries.has(twin.docId) ? twin : null;
}

async function adoptNote(ctx: MirrorContext, twin: ApiNote, file: DiskFile, read: NoteFileText, pass: PassReport) {
  const note = await ctx.docs.open(twin.docId);
  const waited = waitForTwin(ctx, file.path, twin.docId, note.link.hasSynced(), pass);
  if (waited !== 'ready') return waited;
  const markdown = markdownOfDocument(note.doc, ctx.links.now);
  if (normalizedMarkdown(read.text, ctx.links.now) !== markdown) return 'different';
  const entry = adoptedEntry(ctx, twin, file, 'note', pass);
  await agree(ctx, entry, note, read.signature, markdown);
  return 'adopted';
}

async function adoptAttachment(
  ctx: MirrorContext,
  twin: ApiNote,
  file: DiskFile,
  signature: FileSignature,
  pass: PassReport,
): Promise<Adoption> {
  const same = await isRelayCopy(ctx, twin.docId, signature.hash).catch(() => null);
  const waited = waitForTwin(ctx, file.path, twin.docId, same !== null, pass);
  if (waited !== 'ready') return waited;
  if (!same) return 'different';
  adoptedEntry(ctx, twin, file, 'attachment', pass).disk = signature;
  return 'adopted';
}

// A twin that can't be read yet (its first sync, the relay briefly away) is waited for, up to ADOPT_WAIT_MS.
function waitForTwin(
  ctx: MirrorContext,
  path: string,
  docId: string,
  ready: boolean,
  pass: PassReport,
): 'ready' | 'waiting' | 'different' {
  const since = ctx.adopting.get(path)?.since ?? Date.now();
  if (!ready && Date.now() - since < ADOPT_WAIT_MS) {
    ctx.adopting.set(path, { docId, since });
    pass.waiting = true;
    return 'waiting';
  }
  ctx.adopting.delete(path);
  return ready ? 'ready' : 'different';
}

function adoptedEntry(ctx: MirrorContext, twin: ApiNote, file: DiskFile, kind: EntryKind, pass: PassReport) {
  const entry = newEntry({ docId: twin.docId, kind, path: file.path, relayPath: twin.path, createdAt: Date.now() });
  ctx.state.entries.set(entry.docId, entry);
  pass.acted = true;
  ctx.log.line(`${file.path} = relay (the same on both sides; linked, nothing copied, MIR7)`);
  return entry;
}

/** True when the relay's attachment `docId` has these bytes; throws when the relay can't be reached. */
export async function isRelayCopy(ctx: MirrorContext, docId: string, hash: string): Promise<boolean> {
  try {
    return (await remoteHashOf(ctx.relay, docId)) === hash;
  } catch (error) {
    if (failureOf(error).kind === 'offline') throw error;
    return false;
  }
}
