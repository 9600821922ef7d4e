import { ancestorFoldersOf, type VaultNote, type VaultView } from '@baalda/core';
import type { Prisma } from '../generated/prisma/client';

type Tx = Prisma.TransactionClient;

interface NoteRow {
  docId: string;
  path: string;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  conflictOf: string | null;
}

/** A row as core sees it. */
export function toVaultNote(row: NoteRow): VaultNote {
  return {
    docId: row.docId,
    path: row.path,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    deletedAt: row.deletedAt?.getTime() ?? null,
    conflictOf: row.conflictOf,
  };
}

// LIKE patterns treat % and _ as wildcards; keys may contain both.
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Answers core's planning questions from one vault's rows, inside the caller's transaction. */
export function createPrismaVaultView(tx: Tx, vaultId: string): VaultView {
  const live = { vaultId, deletedAt: null };
  const findLiveUnder = (folderKey: string) =>
    tx.note.findMany({ where: { ...live, pathKey: { startsWith: `${folderKey}/` } } });
  return {
    noteById: async (docId) => {
      const row = await tx.note.findFirst({ where: { docId, vaultId } });
      return row ? toVaultNote(row) : undefined;
    },
    liveNoteByKey: async (key) => {
      const row = await tx.note.findFirst({ where: { ...live, pathKey: key } });
      return row ? toVaultNote(row) : undefined;
    },
    liveKeysWithPrefix: async (prefix) => {
      const rows = await tx.$queryRaw<Array<{ path_key: string }>>`
        SELECT path_key FROM note WHERE vault_id = ${vaultId} AND deleted_at IS NULL
        AND path_key LIKE ${`${escapeLike(prefix)}%`} ESCAPE '\\'`;
      return new Set(rows.map((row) => row.path_key));
    },
    liveNotesInFolder: async (folderKey) => (await findLiveUnder(folderKey)).map(toVaultNote),
    folderPathByKey: async (key) => {
      const explicit = await tx.folder.findUnique({ where: { vaultId_pathKey: { vaultId, pathKey: key } } });
      if (explicit) return explicit.path;
      const inside = await tx.note.findFirst({ where: { ...live, pathKey: { startsWith: `${key}/` } } });
      return inside ? spelledAncestor(inside.path, key) : spelledExplicitAncestor(tx, vaultId, key);
    },
    explicitFoldersInFolder: async (folderKey) => {
      const rows = await tx.folder.findMany({
        where: { vaultId, OR: [{ pathKey: folderKey }, { pathKey: { startsWith: `${folderKey}/` } }] },
      });
      return rows.map((row) => row.path);
    },
    trashedNotes: async () =>
      (await tx.note.findMany({ where: { vaultId, deletedAt: { not: null } } })).map(toVaultNote),
    isRetired: async (docId) => (await tx.retiredDoc.count({ where: { docId, vaultId } })) > 0,
    // DOC5: ids are global (one `note:<docId>` document each), so a vault checks every vault's notes and purges.
    isDocIdTaken: async (docId) =>
      (await tx.note.count({ where: { docId, vaultId: { not: vaultId } } })) +
        (await tx.retiredDoc.count({ where: { docId } })) >
      0,
  };
}

// The spelling of the ancestor of `path` whose key is `key` (its segment count matches the key's).
function spelledAncestor(path: string, key: string): string | undefined {
  const depth = key.split('/').length;
  return ancestorFoldersOf(path)[depth - 1];
}

// A folder can also exist as the parent of an explicit, empty folder.
async function spelledExplicitAncestor(tx: Tx, vaultId: string, key: string): Promise<string | undefined> {
  const inside = await tx.folder.findFirst({ where: { vaultId, pathKey: { startsWith: `${key}/` } } });
  return inside ? ancestorFoldersOf(`${inside.path}/x`)[key.split('/').length - 1] : undefined;
}
