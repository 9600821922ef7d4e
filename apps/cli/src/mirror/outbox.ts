import { LIMITS, type OpOutcome, type VaultOp, type VaultOpErrorCode, validateEntryPath } from '@baalda/core';
import type { MirrorContext, PassReport } from './mirrorContext';
import { type MirrorEntry, newId, wantsCreate, wantsMove } from './mirrorState';
import { afterCreate, afterMove, nfc, refusePath, renameAsConflict, setAsideGoneNote } from './relayAnswers';
import { failureOf, type RelayFailure, sendOps } from './relayCalls';
import { markOffline } from './remoteTree';
import { sendUploads } from './uploads';

interface PlannedOp {
  readonly entry: MirrorEntry;
  readonly op: VaultOp;
}

type Refusal = Extract<OpOutcome, { ok: false }>;

/**
 * MIR5/MIR8: sends what the entries say the relay lacks: trashes first, then moves, then creates, so a
 * path freed on disk is free on the relay before something else takes it. Every op id is saved before it
 * leaves (a resend after a crash or a lost answer replays, OP3). Then attachments are uploaded.
 */
export async function sendPendingChanges(ctx: MirrorContext, pass: PassReport): Promise<void> {
  if (!ctx.remote.online) return;
  const planned = planOps(ctx);
  const takenPaths = new Set<MirrorEntry>();
  if (planned.length > 0 && (await sendPlanned(ctx, planned, pass, takenPaths)) && takenPaths.size > 0) {
    // CN4: a move onto a path that a later op of the same batch freed (a chain of renames) gets one more try.
    const retry = planOps(ctx).filter(({ entry }) => takenPaths.has(entry));
    await sendPlanned(ctx, retry, pass, null);
  }
  if (ctx.remote.online) await sendUploads(ctx, pass);
}

function planOps(ctx: MirrorContext): PlannedOp[] {
  const entries = [...ctx.state.entries.values()];
  const trashes = entries
    .filter((entry) => entry.trashOpId !== null)
    .map((entry) => planned(entry, { opId: entry.trashOpId as string, kind: 'trashNote', docId: entry.docId }));
  const moves = entries.filter(wantsMove).flatMap((entry) => planMove(ctx, entry));
  const creates = entries
    .filter((entry) => entry.kind === 'note' && wantsCreate(entry))
    .map((entry) => {
      entry.createOpId ??= newId();
      entry.createPath ??= nfc(entry.path);
      entry.createSent = true;
      const { docId, createdAt, createPath: path } = entry;
      return planned(entry, { opId: entry.createOpId, kind: 'createNote', docId, path, createdAt });
    });
  return [...trashes, ...moves, ...creates];
}

// A path the vault's rules refuse is not sent at all: the same rule, said locally (MIR6).
// A move already sent is sent again as it was (OP3); a later rename gets a move of its own after its answer.
function planMove(ctx: MirrorContext, entry: MirrorEntry): PlannedOp[] {
  if (entry.moveOpId === null || entry.movePath === null) {
    const checked = validateEntryPath(entry.path, entry.kind);
    if (!checked.ok) {
      refusePath(ctx, entry, `${entry.path} not moved on the relay: ${checked.message} (rename the file to sync it)`);
      return [];
    }
    Object.assign(entry, { moveOpId: newId(), movePath: checked.path });
  }
  const { docId, moveOpId: opId, movePath: path } = entry as MirrorEntry & { moveOpId: string; movePath: string };
  return [planned(entry, { opId, kind: 'moveNote', docId, path })];
}

// Sends in batches of LIM7; false when the relay could not be reached (the ops wait for the next pass).
// Moves refused with PATH_TAKEN go into `takenPaths` for a retry instead of being refused, when it is given.
async function sendPlanned(
  ctx: MirrorContext,
  ops: readonly PlannedOp[],
  pass: PassReport,
  takenPaths: Set<MirrorEntry> | null,
): Promise<boolean> {
  await ctx.saveState();
  for (let start = 0; start < ops.length; start += LIMITS.maxOpsPerBatch) {
    const batch = ops.slice(start, start + LIMITS.maxOpsPerBatch);
    const outcomes = await sendBatch(ctx, batch);
    if (!outcomes) return false;
    for (const [index, outcome] of outcomes.entries()) {
      const sent = batch[index];
      if (sent) await applyOutcome(ctx, sent, outcome, takenPaths);
    }
  }
  pass.acted = true;
  ctx.remote.stale = true;
  return true;
}

// OP2: a batch the relay finds malformed (a create dated past its clock, say) is refused whole; sent one
// op at a time, only the bad op is refused, and it is answered like any other refusal. Null when offline.
async function sendBatch(ctx: MirrorContext, batch: readonly PlannedOp[]): Promise<OpOutcome[] | null> {
  try {
    return await sendOps(
      ctx.relay,
      batch.map(({ op }) => op),
    );
  } catch (error) {
    const failure = failureOf(error);
    if (failure.kind === 'offline') {
      markOffline(ctx, failure);
      return null;
    }
    if (batch.length === 1) return [refusalOf(batch[0] as PlannedOp, failure)];
    const outcomes: OpOutcome[] = [];
    for (const one of batch) {
      const outcome = await sendBatch(ctx, [one]);
      if (!outcome) return null;
      outcomes.push(...outcome);
    }
    return outcomes;
  }
}

function refusalOf({ op }: PlannedOp, failure: RelayFailure): OpOutcome {
  const code = (failure.code ?? 'OP_INVALID') as VaultOpErrorCode;
  return { opId: op.opId, ok: false, kind: op.kind, code, message: failure.message.replace(/^[A-Z_]+: /, '') };
}

async function applyOutcome(
  ctx: MirrorContext,
  { entry, op }: PlannedOp,
  outcome: OpOutcome,
  takenPaths: Set<MirrorEntry> | null,
): Promise<void> {
  if (op.kind === 'trashNote') return afterTrash(ctx, entry, outcome);
  if (op.kind === 'moveNote') {
    if (outcome.ok) return afterMove(ctx, entry, op.path, outcome.path ?? op.path);
    return moveRefused(ctx, entry, outcome, takenPaths);
  }
  if (op.kind !== 'createNote') return;
  Object.assign(entry, { createOpId: null, createPath: null });
  if (!outcome.ok) return refusePath(ctx, entry, `${entry.path} not synced: ${outcome.code}: ${outcome.message}`);
  await afterCreate(ctx, entry, { asked: op.path, given: outcome.path ?? op.path }, outcome.renamedFrom);
}

// The op id is dropped either way: OP3 keeps the refusal under it. A note the relay no longer has live is set
// aside as a trash read from the tree would (a refused path instead left the file where the person moved it
// after a restore, apart from its note for good). A path still taken at the second try gets a conflict name
// (the note holding it has no file here yet, or another case of the name: left in its way, it would never be
// written). Anything else waits until the file is moved again.
async function moveRefused(
  ctx: MirrorContext,
  entry: MirrorEntry,
  outcome: Refusal,
  takenPaths: Set<MirrorEntry> | null,
) {
  Object.assign(entry, { moveOpId: null, movePath: null });
  if (outcome.code === 'NOTE_IN_TRASH' || outcome.code === 'NOTE_NOT_FOUND') await setAsideGoneNote(ctx, entry);
  else if (outcome.code === 'PATH_TAKEN' && takenPaths) takenPaths.add(entry);
  else if (outcome.code === 'PATH_TAKEN' && (await renameAsConflict(ctx, entry))) return;
  else refusePath(ctx, entry, `${entry.path} not moved on the relay: ${outcome.code}: ${outcome.message}`);
}

async function afterTrash(ctx: MirrorContext, entry: MirrorEntry, outcome: OpOutcome): Promise<void> {
  ctx.state.entries.delete(entry.docId);
  if (entry.kind === 'note') await ctx.docs.close(entry.docId, true);
  if (outcome.ok) return ctx.log.line(`${entry.path} → relay (trashed)`);
  if (outcome.code === 'NOTE_NOT_FOUND' || outcome.code === 'NOTE_IN_TRASH') return;
  // Not ours to delete (FORBIDDEN): the relay's entry is downloaded again, as a new one.
  ctx.log.line(`${entry.path} could not be trashed on the relay (${outcome.code}: ${outcome.message}); it comes back`);
}

function planned(entry: MirrorEntry, op: VaultOp): PlannedOp {
  return { entry, op };
}
