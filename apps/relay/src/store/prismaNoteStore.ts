import type { PrismaClient } from '../generated/prisma/client';
import type { NoteStore, NoteSummary } from './noteStore';

// Until vaults arrive (issue 3), every note lives in this one.
export const DEFAULT_VAULT_ID = 'default';

interface NoteRow {
  docId: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
}

function toSummary(row: NoteRow): NoteSummary {
  return { docId: row.docId, title: row.title, createdAt: row.createdAt.getTime(), updatedAt: row.updatedAt.getTime() };
}

/** The NoteStore over Prisma; the same code runs on PGlite and on PostgreSQL. */
export function createPrismaNoteStore(prisma: PrismaClient): NoteStore {
  return {
    async loadState(docId) {
      const row = await prisma.noteDocument.findUnique({ where: { docId }, select: { state: true } });
      return row ? new Uint8Array(row.state) : null;
    },

    async storeState(docId, state, title, now) {
      // One transaction so a note row never exists with a document from another moment.
      await prisma.$transaction([
        prisma.note.upsert({
          where: { docId },
          create: { docId, vaultId: DEFAULT_VAULT_ID, title, createdAt: now, updatedAt: now },
          update: { title, updatedAt: now },
        }),
        prisma.noteDocument.upsert({
          where: { docId },
          create: { docId, state: Buffer.from(state), updatedAt: now },
          update: { state: Buffer.from(state), updatedAt: now },
        }),
      ]);
    },

    async registerNote(docId, createdAt, now) {
      const existing = await prisma.note.findUnique({ where: { docId } });
      if (existing) return { created: false, note: toSummary(existing) };
      const row = await prisma.note.upsert({
        where: { docId },
        create: { docId, vaultId: DEFAULT_VAULT_ID, createdAt, updatedAt: now },
        update: {},
      });
      return { created: true, note: toSummary(row) };
    },

    async listNotes(vaultId) {
      const rows = await prisma.note.findMany({
        where: { vaultId },
        orderBy: [{ updatedAt: 'desc' }, { docId: 'asc' }],
        select: { docId: true, title: true, createdAt: true, updatedAt: true },
      });
      return rows.map(toSummary);
    },
  };
}
