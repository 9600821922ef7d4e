import { shouldCaptureText, type VersionReason, versionsToPrune } from '@baalda/core';
import type { Prisma, PrismaClient } from '../generated/prisma/client';

type Db = PrismaClient | Prisma.TransactionClient;

/** A version as listed: never its text (that is read one version at a time). */
export interface VersionSummary {
  readonly id: string;
  readonly reason: VersionReason;
  readonly capturedAt: string;
  readonly length: number;
}

/** A version with its text, for viewing and diffing. */
export interface VersionWithText extends VersionSummary {
  readonly text: string;
}

/** What a capture keeps: the note's plain text (DOC4) and the Yjs state to restore from. */
export interface Capture {
  readonly docId: string;
  readonly reason: VersionReason;
  readonly text: string;
  readonly state: Uint8Array;
}

/** keepVersion in a transaction of its own, for a capture nothing else decides with (a draft's revision, VC5). */
export async function keepVersionAlone(
  prisma: PrismaClient,
  capture: Capture,
  now: Date,
  maxVersions: number,
): Promise<VersionSummary | null> {
  return prisma.$transaction((tx) => keepVersion(tx, capture, now, maxVersions));
}

/**
 * VC4 + VC3: stores a version unless its text equals the note's latest version, then prunes the oldest
 * beyond `maxVersions`. Run it inside the transaction that decided to capture, so two relays can't
 * both pass the VC4 check for the same note.
 * @returns the new version, or null when VC4 skipped it.
 */
export async function keepVersion(
  db: Db,
  capture: Capture,
  now: Date,
  maxVersions: number,
): Promise<VersionSummary | null> {
  const latest = await db.noteVersion.findFirst({
    where: { docId: capture.docId },
    orderBy: { id: 'desc' },
    select: { text: true },
  });
  if (!shouldCaptureText(capture.text, latest?.text ?? null)) return null;
  const row = await db.noteVersion.create({
    data: {
      docId: capture.docId,
      reason: capture.reason,
      text: capture.text,
      state: Buffer.from(capture.state),
      capturedAt: now,
    },
    select: { id: true, reason: true, capturedAt: true },
  });
  await pruneVersions(db, capture.docId, maxVersions);
  return summaryOf({ ...row, length: countCodePoints(capture.text) });
}

// VC3: ids grow with capture order; padded, they sort as numbers, so two captures in one millisecond
// are pruned in the order they were taken.
async function pruneVersions(db: Db, docId: string, maxVersions: number): Promise<void> {
  const kept = await db.noteVersion.findMany({ where: { docId }, select: { id: true, capturedAt: true } });
  if (kept.length <= maxVersions) return;
  const prunable = kept.map((row) => ({
    id: row.id.toString().padStart(20, '0'),
    capturedAt: row.capturedAt.getTime(),
  }));
  const doomed = versionsToPrune(prunable, maxVersions).map((id) => BigInt(id));
  await db.noteVersion.deleteMany({ where: { id: { in: doomed } } });
}

/** A note's versions, newest first (VC5 reasons, times, lengths). */
export async function listVersions(db: Db, docId: string): Promise<VersionSummary[]> {
  const rows = await db.$queryRaw<Array<{ id: bigint; reason: string; captured_at: Date; length: number }>>`
    SELECT id, reason, captured_at, char_length(text) AS length
    FROM note_version WHERE doc_id = ${docId} ORDER BY id DESC`;
  return rows.map((row) =>
    summaryOf({ id: row.id, reason: row.reason, capturedAt: row.captured_at, length: Number(row.length) }),
  );
}

/** One version of a note with its text and Yjs state, or null. */
export async function readVersion(
  db: Db,
  docId: string,
  versionId: string,
): Promise<(VersionWithText & { state: Uint8Array }) | null> {
  if (!/^[1-9][0-9]{0,18}$/.test(versionId)) return null;
  const row = await db.noteVersion.findFirst({ where: { id: BigInt(versionId), docId } });
  if (!row) return null;
  const summary = summaryOf({ ...row, length: countCodePoints(row.text) });
  return { ...summary, text: row.text, state: new Uint8Array(row.state) };
}

/** TR3: a purged note's history goes with it (a trashed note keeps its history). */
export async function forgetVersions(db: Db, docIds: readonly string[]): Promise<void> {
  await db.noteVersion.deleteMany({ where: { docId: { in: [...docIds] } } });
}

function summaryOf(row: { id: bigint; reason: string; capturedAt: Date; length: number }): VersionSummary {
  return {
    id: row.id.toString(),
    reason: row.reason as VersionReason,
    capturedAt: row.capturedAt.toISOString(),
    length: row.length,
  };
}

function countCodePoints(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
