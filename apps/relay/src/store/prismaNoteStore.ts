import * as Y from 'yjs';
import { batchedRead } from '../db/batchedRead';
import type { PrismaClient } from '../generated/prisma/client';
import type { NoteStore } from './noteStore';

// The vault every relay creates at first start; notes made without naming a vault live in it.
export const DEFAULT_VAULT_ID = 'default';

/**
 * The NoteStore over Prisma; the same code runs on PGlite and on PostgreSQL. `mergeOnWrite` is for several
 * relays on one database (SCALE2): each writes its whole in-memory state, and one relay's state may still
 * lack an edit another relay stored a moment ago (Redis had not delivered it yet). Merging the stored state
 * into the written one under a row lock means a store can only add to what is stored, never take away.
 */
export function createPrismaNoteStore(prisma: PrismaClient, options: { mergeOnWrite?: boolean } = {}): NoteStore {
  const writeState = options.mergeOnWrite ? mergeState : replaceState;
  // A device opening many notes at once loads them (and asks whether they are retired) in a few statements.
  const loadStored = batchedRead(async (docIds) => {
    const rows = await prisma.noteDocument.findMany({ where: { docId: { in: [...docIds] } } });
    return new Map(rows.map((row) => [row.docId, new Uint8Array(row.state)]));
  });
  const retiredRow = batchedRead(async (docIds) => {
    const rows = await prisma.retiredDoc.findMany({ where: { docId: { in: [...docIds] } }, select: { docId: true } });
    return new Map(rows.map((row) => [row.docId, true]));
  });
  return {
    loadState: loadStored,

    // DOC2: one statement checks and writes, so a store racing a purge can't bring the document back
    // (a client still connected, or the server's own debounced store, may write after the purge).
    storeState: (docId, state, now) => writeState(prisma, docId, state, now),

    isRetired: async (docId) => (await retiredRow(docId)) !== null,
  };
}

async function replaceState(prisma: PrismaClient, docId: string, state: Uint8Array, now: Date): Promise<boolean> {
  const written = await prisma.$executeRaw`
    INSERT INTO note_document (doc_id, state, updated_at)
    SELECT ${docId}, ${Buffer.from(state)}, ${now}
    WHERE NOT EXISTS (SELECT 1 FROM retired_doc WHERE doc_id = ${docId})
    ON CONFLICT (doc_id) DO UPDATE SET state = EXCLUDED.state, updated_at = EXCLUDED.updated_at`;
  return written > 0;
}

// SCALE2: the row is created if missing, then locked, read, merged with this state (Yjs merges are
// commutative and idempotent) and written back. The stored bytes are our own earlier writes, never a
// client's frame, so merging them is safe to do without the edge's limits.
async function mergeState(prisma: PrismaClient, docId: string, state: Uint8Array, now: Date): Promise<boolean> {
  if (!(await replaceIfAbsent(prisma, docId, state, now))) return false;
  return prisma.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<Array<{ state: Uint8Array }>>`
      SELECT state FROM note_document WHERE doc_id = ${docId} FOR UPDATE`;
    if (!row) return false;
    const merged = Y.mergeUpdates([new Uint8Array(row.state), state]);
    await tx.$executeRaw`
      UPDATE note_document SET state = ${Buffer.from(merged)}, updated_at = ${now} WHERE doc_id = ${docId}`;
    return true;
  });
}

// DOC2 as in replaceState: a retired id gets no row. True when the row exists (new or already there).
async function replaceIfAbsent(prisma: PrismaClient, docId: string, state: Uint8Array, now: Date): Promise<boolean> {
  await prisma.$executeRaw`
    INSERT INTO note_document (doc_id, state, updated_at)
    SELECT ${docId}, ${Buffer.from(state)}, ${now}
    WHERE NOT EXISTS (SELECT 1 FROM retired_doc WHERE doc_id = ${docId})
    ON CONFLICT (doc_id) DO NOTHING`;
  return (await prisma.retiredDoc.count({ where: { docId } })) === 0;
}
