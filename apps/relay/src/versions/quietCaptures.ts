import { isQuietCaptureDue, LIMITS, type VersionSettings } from '@baalda/core';
import { extractPlainText } from '@baalda/markdown';
import * as Y from 'yjs';
import type { PrismaClient } from '../generated/prisma/client';
import { keepVersion } from './versionStore';

const BATCH = 50;
// Decoding 50 large notes can outlast Prisma's 5 s default; the rows stay locked only this long.
const CAPTURE_TRANSACTION = { timeout: 60_000, maxWait: 10_000 };

interface DueDocument {
  readonly doc_id: string;
  readonly updated_at: Date;
}

/**
 * VC1: captures every note quiet for `quietMs` since a change its last capture did not cover. The
 * state lives in the database (`updated_at`, `captured_through`), not in a timer, so a note that went
 * quiet while the relay was down is captured at the next run. Rows are claimed with
 * `FOR UPDATE SKIP LOCKED` inside the capturing transaction: two relays on one database never capture
 * the same quiet period twice.
 * @returns how many versions were kept (a VC4 duplicate is covered but not kept).
 */
export async function captureQuietVersions(
  prisma: PrismaClient,
  now: Date,
  settings: VersionSettings,
): Promise<number> {
  let kept = 0;
  for (;;) {
    const batch = await prisma.$transaction(async (tx) => {
      const due = await tx.$queryRaw<DueDocument[]>`
        SELECT doc_id, updated_at FROM note_document
        WHERE (captured_through IS NULL OR captured_through < updated_at)
          AND updated_at <= ${new Date(now.getTime() - settings.quietMs)}
        ORDER BY updated_at LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED`;
      let keptHere = 0;
      for (const row of due) {
        if (await captureOne(tx, row, now, settings)) keptHere += 1;
      }
      return { claimed: due.length, kept: keptHere };
    }, CAPTURE_TRANSACTION);
    kept += batch.kept;
    if (batch.claimed < BATCH) return kept;
  }
}

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

async function captureOne(tx: Tx, row: DueDocument, now: Date, settings: VersionSettings): Promise<boolean> {
  // The SQL chose the row; the rule is core's, checked again so the two can't drift apart.
  const state = { lastEditAt: row.updated_at.getTime(), lastCapturedEditAt: null };
  if (!isQuietCaptureDue(state, now.getTime(), settings.quietMs)) return false;
  const stored = await tx.noteDocument.findUnique({ where: { docId: row.doc_id }, select: { state: true } });
  if (!stored) return false;
  const kept = await keepVersion(
    tx,
    { docId: row.doc_id, reason: 'quiet', text: textOf(stored.state), state: stored.state },
    now,
    settings.maxVersions,
  );
  // VC1: covered even when VC4 skipped it as a duplicate, or it would be retried on every run.
  await tx.noteDocument.update({ where: { docId: row.doc_id }, data: { capturedThrough: row.updated_at } });
  return kept !== null;
}

/** The plain text of a stored state; states over LIM2 were never stored, so decoding is bounded. */
export function textOf(state: Uint8Array): string {
  if (state.byteLength > LIMITS.maxDocumentStateBytes) throw new Error('A stored state is over LIM2.');
  const doc = new Y.Doc();
  try {
    Y.applyUpdate(doc, state);
    return extractPlainText(doc);
  } finally {
    doc.destroy();
  }
}
