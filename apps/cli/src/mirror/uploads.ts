import { lstat, readFile } from 'node:fs/promises';
import { hashBytes } from './diskScan';
import { sizeRefusalOf } from './fileChecks';
import type { MirrorContext, PassReport } from './mirrorContext';
import { diskPathOf } from './mirrorLayout';
import { type MirrorEntry, wantsCreate } from './mirrorState';
import { afterCreate, refusePath } from './relayAnswers';
import { failureOf } from './relayCalls';
import { markOffline } from './remoteTree';

/**
 * MIR5: uploads new attachments one at a time (ATT1). The docId is fixed when the file is found and saved
 * before the upload, so an upload repeated after a crash or a lost answer stores nothing twice (ATT2).
 */
export async function sendUploads(ctx: MirrorContext, pass: PassReport): Promise<void> {
  const waiting = [...ctx.state.entries.values()].filter((entry) => entry.kind === 'attachment' && wantsCreate(entry));
  for (const entry of waiting) {
    if (!(await uploadOne(ctx, entry, pass))) return;
  }
}

// False when the relay could not be reached: the rest waits for the next pass.
async function uploadOne(ctx: MirrorContext, entry: MirrorEntry, pass: PassReport): Promise<boolean> {
  const target = diskPathOf(ctx.layout, entry.path);
  // The stat before the read: one taken after could be of a save made since, and would hide it (MIR3).
  const before = await lstat(target).catch(() => null);
  const body = before && (await readFile(target).catch(() => null));
  // Gone or grown past the limit since the scan: the next scan sees it as it is now.
  if (!before || !body || sizeRefusalOf('attachment', body.length)) return true;
  const hash = hashBytes(body);
  if (hash !== entry.disk?.hash) entry.disk = { size: before.size, mtimeMs: before.mtimeMs, hash };
  entry.createSent = true;
  // The same docId replays the first upload's entry (ATT2): a resend asks for the path the first one did.
  entry.createPath ??= entry.path.normalize('NFC');
  await ctx.saveState();
  try {
    const { docId, createdAt, createPath: path } = entry;
    const uploaded = await ctx.relay.uploadAttachment({ docId, path, createdAt, body });
    entry.createPath = null;
    await afterCreate(ctx, entry, { asked: path, given: uploaded.path }, uploaded.renamedFrom);
  } catch (error) {
    const failure = failureOf(error);
    if (failure.kind === 'offline') {
      markOffline(ctx, failure);
      return false;
    }
    refusePath(ctx, entry, `${entry.path} not synced: ${failure.message}`);
  }
  pass.acted = true;
  ctx.remote.stale = true;
  return true;
}
