import type { PrismaClient } from '../generated/prisma/client';
import type { NoteStore } from './noteStore';

// Until accounts and vaults arrive (issue 6), every note lives in this one.
export const DEFAULT_VAULT_ID = 'default';

/** The NoteStore over Prisma; the same code runs on PGlite and on PostgreSQL. */
export function createPrismaNoteStore(prisma: PrismaClient): NoteStore {
  return {
    async loadState(docId) {
      const row = await prisma.noteDocument.findUnique({ where: { docId }, select: { state: true } });
      return row ? new Uint8Array(row.state) : null;
    },

    // DOC2: one statement checks and writes, so a store racing a purge can't bring the document back
    // (a client still connected, or the server's own debounced store, may write after the purge).
    async storeState(docId, state, now) {
      const written = await prisma.$executeRaw`
        INSERT INTO note_document (doc_id, state, updated_at)
        SELECT ${docId}, ${Buffer.from(state)}, ${now}
        WHERE NOT EXISTS (SELECT 1 FROM retired_doc WHERE doc_id = ${docId})
        ON CONFLICT (doc_id) DO UPDATE SET state = EXCLUDED.state, updated_at = EXCLUDED.updated_at`;
      return written > 0;
    },

    async isRetired(docId) {
      return (await prisma.retiredDoc.count({ where: { docId } })) > 0;
    },
  };
}
