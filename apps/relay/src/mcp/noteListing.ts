import {
  entryKindOf,
  likePrefixPatternOf,
  type McpNotePage,
  type McpStoreResult,
  pathKey,
  titleFromPath,
} from '@baalda/core';
import { outsideHiddenFolders } from '../db/hiddenFolderSql';
import type { PrismaClient } from '../generated/prisma/client';

/** A page of live notes for `list_notes`, in path order, hidden folders left out (ACL5: outsideHiddenFolders). */
export async function listVisibleNotes(
  prisma: PrismaClient,
  request: { vaultId: string; hidden: readonly string[]; folder?: string; limit: number; cursor?: string },
): Promise<McpStoreResult<McpNotePage>> {
  const after = request.cursor === undefined ? '' : decodeCursor(request.cursor);
  if (after === null) return { ok: false, code: 'INVALID_INPUT', message: 'cursor is not one list_notes gave.' };
  const inside = request.folder === undefined ? '%' : likePrefixPatternOf(pathKey(request.folder));
  const rows = await prisma.$queryRaw<Array<{ doc_id: string; path: string; path_key: string }>>`
    SELECT doc_id, path, path_key FROM note
    WHERE vault_id = ${request.vaultId} AND deleted_at IS NULL AND path_key > ${after}
      AND path_key LIKE ${inside}
      AND ${outsideHiddenFolders(request.hidden)}
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
    nextCursor: rows.length > request.limit && last ? encodeCursor(last.path_key) : null,
  };
}

// The cursor is the last path key shown; opaque to callers, so its form can change.
function encodeCursor(key: string): string {
  return Buffer.from(key, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,2000}$/.test(cursor)) return null;
  return Buffer.from(cursor, 'base64url').toString('utf8');
}
