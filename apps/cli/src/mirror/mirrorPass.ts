import { FILES_AT_ONCE, forEachConcurrently } from './concurrently';
import { scanDisk } from './diskScan';
import { refreshLinkNames } from './linkRenames';
import { applyLocalChanges } from './localChanges';
import { type MirrorContext, type PassReport, tryFile } from './mirrorContext';
import { hasPendingOp } from './mirrorState';
import { writeNoteFile } from './noteFiles';
import { sendPendingChanges } from './outbox';
import { applyRemoteChanges } from './remoteChanges';
import { refreshTree } from './remoteTree';
import { takeSetAsideSaves } from './setAside';

/**
 * One pass over both sides, in an order that never loses an edit: the tree is read (if it may have
 * changed), the disk is scanned and its changes taken in first, then the relay's are applied to the disk,
 * then ops go out; documents and state are saved last. True when it found nothing to do and nothing is
 * waiting (MIR14): the relay reached, the tree current, every op answered, every document acknowledged,
 * every file showing its document, and no save set aside by a rewrite left to merge.
 */
export async function runPass(ctx: MirrorContext): Promise<boolean> {
  const pass: PassReport = { acted: false, waiting: false };
  await refreshTree(ctx);
  refreshLinkNames(ctx);
  // Throws when the folder itself is gone (an unmounted disk): nothing is read as deleted then.
  const scan = await scanDisk(ctx.layout.root);
  if (scan.settled) {
    await takeSetAsideSaves(ctx, pass);
    await applyLocalChanges(ctx, scan.disk, pass);
    await applyRemoteChanges(ctx, scan.disk, pass);
  } else {
    // Files moved under every scan: a file missing from it may only be on its way to another name (MIR5).
    pass.waiting = true;
  }
  await writeChangedNotes(ctx, pass);
  await sendPendingChanges(ctx, pass);
  await closeUnusedDocs(ctx);
  await ctx.docs.saveChanged();
  await ctx.saveState();
  ctx.acks.report(ctx.docs);
  ctx.progress.report(ctx);
  return !pass.acted && !pass.waiting && isCaughtUp(ctx);
}

async function writeChangedNotes(ctx: MirrorContext, pass: PassReport): Promise<void> {
  await forEachConcurrently([...ctx.docs.relayChanged], FILES_AT_ONCE, async (docId) => {
    const entry = ctx.state.entries.get(docId);
    const note = ctx.docs.get(docId);
    if (!entry || !note || entry.trashOpId !== null) {
      ctx.docs.relayChanged.delete(docId);
      return;
    }
    await tryFile(ctx, entry.path, () => writeNoteFile(ctx, entry, note, pass));
  });
}

// Documents opened to compare a file with the relay's copy (MIR7) that ended up with no entry.
async function closeUnusedDocs(ctx: MirrorContext): Promise<void> {
  const comparing = new Set([...ctx.adopting.values()].map((adoption) => adoption.docId));
  for (const note of ctx.docs.all()) {
    if (!ctx.state.entries.has(note.docId) && !comparing.has(note.docId)) await ctx.docs.close(note.docId, true);
  }
}

function isCaughtUp(ctx: MirrorContext): boolean {
  if (!ctx.remote.online || ctx.remote.stale) return false;
  // A change heard after this pass wrote the files (during its last awaits) is for the next one.
  if (ctx.docs.relayChanged.size > 0 || ctx.replaced.hasUntaken()) return false;
  if ([...ctx.state.entries.values()].some(hasPendingOp)) return false;
  return ctx.docs.all().every((note) => note.link.isSynced() || note.link.denial() !== null);
}
