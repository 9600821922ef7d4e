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

    async storeState(docId, state, now) {
      const bytes = Buffer.from(state);
      await prisma.noteDocument.upsert({
        where: { docId },
        create: { docId, state: bytes, updatedAt: now },
        update: { state: bytes, updatedAt: now },
      });
    },

    async isRetired(docId) {
      return (await prisma.retiredDoc.count({ where: { docId } })) > 0;
    },
  };
}
