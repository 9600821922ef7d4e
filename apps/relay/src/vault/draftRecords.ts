import { likePrefixPatternOf, type McpDraftPage, type McpStoreResult, pathKey, titleFromPath } from '@baalda/core';
import { outsideHiddenFolders } from '../db/hiddenFolderSql';
import type { PrismaClient } from '../generated/prisma/client';
import { decodePageCursor, encodePageCursor } from './pageCursor';

/** Whose a draft is (MCP16): one row per draft note, kept beside the note, never searched. */
export interface DraftOwner {
  readonly vaultId: string;
  readonly userId: string;
}

/** The drafts table: which notes are whose drafts, and when each was last saved. */
export interface DraftRecords {
  record(docId: string, owner: DraftOwner, now: Date): Promise<void>;
  isOwn(docId: string, owner: DraftOwner): Promise<boolean>;
  touch(docId: string, now: Date): Promise<void>;
  /** The owner's live drafts still in `folder` and outside `hidden` (ACL5), newest first. */
  listLive(request: DraftListRequest): Promise<McpStoreResult<McpDraftPage>>;
}

export interface DraftListRequest extends DraftOwner {
  readonly folder: string;
  readonly hidden: readonly string[];
  readonly limit: number;
  readonly cursor?: string;
}

export function createDraftRecords(prisma: PrismaClient): DraftRecords {
  return {
    async record(docId, owner, now) {
      await prisma.mcpDraft.create({ data: { docId, ...owner, createdAt: now, updatedAt: now } });
    },
    async isOwn(docId, owner) {
      return (await prisma.mcpDraft.findFirst({ where: { docId, ...owner }, select: { docId: true } })) !== null;
    },
    async touch(docId, now) {
      await prisma.mcpDraft.update({ where: { docId }, data: { updatedAt: now } });
    },
    listLive: (request) => listLive(prisma, request),
  };
}

async function listLive(prisma: PrismaClient, request: DraftListRequest): Promise<McpStoreResult<McpDraftPage>> {
  const after = request.cursor === undefined ? null : draftCursorOf(request.cursor);
  if (after === undefined) return { ok: false, code: 'INVALID_INPUT', message: 'cursor is not one list_drafts gave.' };
  const rows = await prisma.$queryRaw<Array<{ doc_id: string; path: string; updated_at: Date }>>`
    SELECT d.doc_id, n.path, d.updated_at FROM mcp_draft d JOIN note n ON n.doc_id = d.doc_id
    WHERE d.vault_id = ${request.vaultId} AND d.user_id = ${request.userId} AND n.vault_id = ${request.vaultId}
      AND n.deleted_at IS NULL AND n.path_key LIKE ${likePrefixPatternOf(pathKey(request.folder))}
      AND ${outsideHiddenFolders(request.hidden, 'n.path_key')}
      AND (${after === null} OR (d.updated_at, d.doc_id) < (${after?.at ?? new Date(0)}, ${after?.docId ?? ''}))
    ORDER BY d.updated_at DESC, d.doc_id DESC LIMIT ${request.limit + 1}`;
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  return {
    ok: true,
    drafts: page.map((row) => ({
      docId: row.doc_id,
      title: titleFromPath(row.path),
      path: row.path,
      updatedAt: row.updated_at.toISOString(),
    })),
    nextCursor:
      rows.length > request.limit && last ? encodePageCursor([String(last.updated_at.getTime()), last.doc_id]) : null,
  };
}

// The last draft shown: its save time (ms) and id; undefined for anything else.
function draftCursorOf(cursor: string): { at: Date; docId: string } | undefined {
  const fields = decodePageCursor(cursor, 2);
  if (!fields) return undefined;
  const [at, docId] = fields as [string, string];
  return /^\d{1,15}$/.test(at) && /^[A-Za-z0-9_-]{16,64}$/.test(docId)
    ? { at: new Date(Number(at)), docId }
    : undefined;
}
