import { rename } from 'node:fs/promises';
import { entryKindOf, pathKey, validateEntryPath } from '@baalda/core';
import type { ApiNote } from '../relayClient';
import type { DiskSnapshot } from './diskScan';
import { moveFile, removeEmptyFolders } from './fileMoves';
import { type MirrorContext, type PassReport, tryFile } from './mirrorContext';
import { diskPathOf, isIgnoredPath } from './mirrorLayout';
import { hasPendingOp, type MirrorEntry, newEntry } from './mirrorState';
import { dropEntryLocally } from './relayAnswers';
import { downloadAttachmentTo, failureOf, type RemoteTree } from './relayCalls';

/**
 * The relay's side of a pass (MIR5), only with a tree read after the mirror's last ops (or it would undo
 * them): entries the relay moved are moved on disk, entries it no longer has are moved into
 * `.baalda/removed/`, and entries new to the mirror are written. Entries with ops of their own pending are
 * left alone: those ops, sent later in the pass, decide (the relay applies them last).
 */
export async function applyRemoteChanges(ctx: MirrorContext, disk: DiskSnapshot, pass: PassReport): Promise<void> {
  const tree = ctx.remote.tree;
  if (!tree || ctx.remote.stale) return;
  const taken = new Set([...disk.keys(), ...[...ctx.state.entries.values()].map((entry) => entry.path)].map(pathKey));
  const paths = new Map([...ctx.state.entries.values()].map((entry) => [entry, entry.path]));
  for (const entry of [...ctx.state.entries.values()]) {
    await tryFile(ctx, entry.path, () => followRemoteEntry(ctx, entry, tree, taken, pass));
  }
  // Files moved on disk are recorded at once, not at the pass's end: killed in between, the mirror would
  // start with the old paths, and a file the person put at one of them meanwhile would pass for that note's.
  if ([...paths].some(([entry, path]) => entry.path !== path)) await ctx.saveState();
  for (const note of tree.notes) {
    if (ctx.state.entries.has(note.docId)) continue;
    await tryFile(ctx, note.path, () => addRemoteEntry(ctx, note, taken, pass));
  }
}

async function followRemoteEntry(
  ctx: MirrorContext,
  entry: MirrorEntry,
  tree: RemoteTree,
  taken: Set<string>,
  pass: PassReport,
): Promise<void> {
  if (entry.relayPath === null || hasPendingOp(entry)) return;
  const remote = tree.byId.get(entry.docId);
  if (!remote) return removeLocally(ctx, entry, taken, pass);
  if (remote.path !== entry.relayPath) return followRemoteMove(ctx, entry, remote.path, tree, taken, pass);
  if (entry.kind === 'attachment' && entry.disk === null) await downloadEntry(ctx, entry, pass);
}

async function followRemoteMove(
  ctx: MirrorContext,
  entry: MirrorEntry,
  to: string,
  tree: RemoteTree,
  taken: Set<string>,
  pass: PassReport,
): Promise<void> {
  const from = entry.path;
  if (!isMirrorable(ctx, entry.docId, to)) return;
  // The file sits at a path the relay refused: it stays there; the relay's new path is asked about again.
  if (from.normalize('NFC') !== entry.relayPath) {
    Object.assign(entry, { relayPath: to, refusedPath: null });
    return;
  }
  if (entry.disk !== null) {
    const sameKey = pathKey(to) === pathKey(from);
    if (!sameKey && taken.has(pathKey(to)))
      return ctx.log.once(`blocked:${entry.docId}`, `${to} ← relay (moved from ${from}) waits: a file is in its way`);
    if (sameKey) await rename(diskPathOf(ctx.layout, from), diskPathOf(ctx.layout, to));
    else if (!(await moveFile(diskPathOf(ctx.layout, from), diskPathOf(ctx.layout, to)))) return;
  }
  Object.assign(entry, { path: to, relayPath: to });
  taken.delete(pathKey(from));
  taken.add(pathKey(to));
  pass.acted = true;
  ctx.log.line(`${to} ← relay (moved from ${from})`);
  await removeEmptyFolders(ctx.layout, from, isFolderIn(tree));
}

async function removeLocally(ctx: MirrorContext, entry: MirrorEntry, taken: Set<string>, pass: PassReport) {
  const kept = await dropEntryLocally(ctx, entry);
  taken.delete(pathKey(entry.path));
  pass.acted = true;
  const where = kept ? `; the file is kept in ${kept}` : '';
  ctx.log.line(`${entry.path} ← relay (removed: trashed, deleted or no longer shared${where})`);
}

async function addRemoteEntry(ctx: MirrorContext, note: ApiNote, taken: Set<string>, pass: PassReport) {
  if (!isMirrorable(ctx, note.docId, note.path)) return;
  // A file of this machine is at that path: it is sent (or linked) first, and the relay names the two (MIR7).
  if (taken.has(pathKey(note.path))) return;
  const entry = newEntry({
    docId: note.docId,
    kind: entryKindOf(note.path),
    path: note.path,
    relayPath: note.path,
    createdAt: Date.now(),
  });
  ctx.state.entries.set(entry.docId, entry);
  taken.add(pathKey(note.path));
  pass.acted = true;
  if (entry.kind === 'attachment') return downloadEntry(ctx, entry, pass);
  // The file is written once the note's first sync brings its text (writeNoteFile).
  await ctx.docs.open(entry.docId);
  ctx.docs.relayChanged.add(entry.docId);
}

/** Writes an attachment's bytes to its path, whole or not at all (MIR9); a failure is retried next pass. */
async function downloadEntry(ctx: MirrorContext, entry: MirrorEntry, pass: PassReport): Promise<void> {
  try {
    const target = diskPathOf(ctx.layout, entry.path);
    const { placed } = await downloadAttachmentTo(ctx.relay, entry.docId, ctx.layout, target);
    if (!placed) return;
    entry.disk = placed;
    pass.acted = true;
    ctx.log.line(`${entry.path} ← relay (created)`);
  } catch (error) {
    const failure = failureOf(error);
    if (failure.kind === 'offline') pass.waiting = true;
    ctx.log.once(`download:${entry.docId}`, `${entry.path} ← relay could not be downloaded (${failure.message})`);
  }
}

// A path from the relay is checked like one from disk before it names a file here (PATH2 keeps `..` out).
function isMirrorable(ctx: MirrorContext, docId: string, path: string): boolean {
  const checked = validateEntryPath(path, entryKindOf(path));
  const ignored = isIgnoredPath(path) ? "such names are editors' temporary files (MIR2)" : null;
  const why = checked.ok ? ignored : checked.message;
  if (why) ctx.log.once(`unmirrorable:${docId}`, `${path} not mirrored: ${why}`);
  return why === null;
}

function isFolderIn(tree: RemoteTree): (folder: string) => boolean {
  const keys = new Set(tree.folders.map(pathKey));
  return (folder) => keys.has(pathKey(folder));
}
