import {
  entryKindOf,
  likePrefixPatternOf,
  type McpNotePage,
  type McpStoreResult,
  pathKey,
  titleFromPath,
} from '@baalda/core';
import type { VaultGuard } from '../access/vaultGuard';
import { outsideHiddenFolders } from '../db/hiddenFolderSql';
import type { PrismaClient } from '../generated/prisma/client';
import { decodePageCursor, encodePageCursor } from './pageCursor';

/** A live note the caller may read: where it is and when it last changed (its tree entry or its text). */
export interface ReadableNote {
  readonly path: string;
  readonly updatedAt: string;
}

/**
 * Reads of a vault's notes for one caller, the MCP route's included: every one passes the caller's guard
 * (ACL5), in SQL (outsideHiddenFolders) where it pages, so a hidden note is absent from answers, counts and
 * cursors alike.
 */
export interface VaultReader {
  /** The live note `docId` of `vaultId` when the guard may read it, else null (absent or hidden alike). */
  readableNote(vaultId: string, docId: string, guard: VaultGuard): Promise<ReadableNote | null>;
  /** ACL7: whether a live note holds `path`, whoever may see it (a create there would be refused). */
  isPathTaken(vaultId: string, path: string): Promise<boolean>;
  /** Every live entry of the vault the guard may read, for resolving links (LNK6). */
  readableEntries(vaultId: string, guard: VaultGuard): Promise<Array<{ docId: string; path: string }>>;
  /** A page of live notes in path order, in `folder` if given, hidden folders left out (`list_notes`). */
  listNotes(request: NoteListRequest): Promise<McpStoreResult<McpNotePage>>;
}

export interface NoteListRequest {
  readonly vaultId: string;
  readonly hidden: readonly string[];
  readonly folder?: string;
  readonly limit: number;
  readonly cursor?: string;
}

export function createVaultReader(prisma: PrismaClient): VaultReader {
  return {
    async readableNote(vaultId, docId, guard) {
      const row = await prisma.note.findFirst({ where: { docId, vaultId, deletedAt: null } });
      if (!row || !guard.canRead(row.path)) return null;
      const stored = await prisma.noteDocument.findUnique({ where: { docId }, select: { updatedAt: true } });
      const updatedAt = stored && stored.updatedAt > row.updatedAt ? stored.updatedAt : row.updatedAt;
      return { path: row.path, updatedAt: updatedAt.toISOString() };
    },
    async isPathTaken(vaultId, path) {
      return (await prisma.note.count({ where: { vaultId, pathKey: pathKey(path), deletedAt: null } })) > 0;
    },
    async readableEntries(vaultId, guard) {
      const entries = await prisma.note.findMany({
        where: { vaultId, deletedAt: null },
        select: { docId: true, path: true },
      });
      return entries.filter((entry) => guard.canRead(entry.path));
    },
    listNotes: (request) => listNotes(prisma, request),
  };
}

async function listNotes(prisma: PrismaClient, request: NoteListRequest): Promise<McpStoreResult<McpNotePage>> {
  const after = request.cursor === undefined ? [''] : decodePageCursor(request.cursor, 1);
  if (after === null) return { ok: false, code: 'INVALID_INPUT', message: 'cursor is not one list_notes gave.' };
  const inside = request.folder === undefined ? '%' : likePrefixPatternOf(pathKey(request.folder));
  const rows = await prisma.$queryRaw<Array<{ doc_id: string; path: string; path_key: string }>>`
    SELECT doc_id, path, path_key FROM note
    WHERE vault_id = ${request.vaultId} AND deleted_at IS NULL AND path_key > ${after[0]}
      AND path_key LIKE ${inside} AND ${outsideHiddenFolders(request.hidden)}
    ORDER BY path_key LIMIT ${request.limit + 1}`;
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  return {
    ok: true,
    notes: page.map((row) => ({
      docId: row.doc_id,
      title: titleFromPath(row.path),
      path: row.path,
      kind: entryKindOf(row.path),
    })),
    nextCursor: rows.length > request.limit && last ? encodePageCursor([last.path_key]) : null,
  };
}
