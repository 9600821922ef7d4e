import {
  draftNameOf,
  draftPathsOf,
  extractPlainText,
  isInsideFolder,
  likePrefixPatternOf,
  type McpDraftPage,
  type McpDraftSaved,
  type McpNoteRevised,
  type McpNoteWritten,
  type McpStoreResult,
  pathKey,
  titleFromPath,
  type VersionSettings,
} from '@baalda/core';
import * as Y from 'yjs';
import { outsideHiddenFolders } from '../db/hiddenFolderSql';
import type { PrismaClient } from '../generated/prisma/client';
import { keepVersion } from '../versions/versionStore';

/** How many `Name N.md` a new draft tries before giving up on its title (then it is "Draft N"). */
const DRAFT_NAME_TRIES = 50;

/** What drafts need of the caller's MCP store: where they go, whose they are, and how notes are written. */
export interface DraftContext {
  readonly prisma: PrismaClient;
  readonly vaultId: string;
  readonly userId: string;
  /** The vault's drafts folder (`Drafts` unless configured). */
  readonly folder: string;
  readonly clock: () => Date;
  readonly versions: VersionSettings;
  readonly hidden: readonly string[];
  /** The note's path when the caller may read it and it is live, else null (MCP6). */
  readonly readablePath: (docId: string) => Promise<string | null>;
  readonly isTaken: (path: string) => Promise<boolean>;
  readonly create: (path: string, markdown: string) => Promise<McpStoreResult<McpNoteWritten>>;
  /** Makes the note's text `markdown` (minimal diff), first handing its live document to `before`. */
  readonly revise: (
    docId: string,
    markdown: string,
    before: (document: Y.Doc) => Promise<void>,
  ) => Promise<McpStoreResult<McpNoteRevised>>;
  readonly revisionOf: (docId: string) => Promise<string>;
}

/** MCP16: a new draft, or the caller's draft revised in place (its previous text kept as a version). */
export async function saveDraft(
  context: DraftContext,
  request: { readonly title: string; readonly markdown: string; readonly draftId?: string },
): Promise<McpStoreResult<McpDraftSaved>> {
  if (request.draftId !== undefined) return reviseDraft(context, request.draftId, request.markdown);
  const created = await createDraft(context, draftNameOf(request.title), request.markdown);
  if (!created.ok) return created;
  const now = context.clock();
  await context.prisma.mcpDraft.create({
    data: { docId: created.docId, vaultId: context.vaultId, userId: context.userId, createdAt: now, updatedAt: now },
  });
  const revision = await context.revisionOf(created.docId);
  return { ...created, revision, draftId: created.docId, created: true };
}

/** MCP16: the caller's live drafts still in the drafts folder and readable, newest first. */
export async function listDrafts(
  context: DraftContext,
  request: { readonly limit: number; readonly cursor?: string },
): Promise<McpStoreResult<McpDraftPage>> {
  const after = request.cursor === undefined ? null : decodeCursor(request.cursor);
  if (after === undefined) return { ok: false, code: 'INVALID_INPUT', message: 'cursor is not one list_drafts gave.' };
  const rows = await context.prisma.$queryRaw<Array<{ doc_id: string; path: string; updated_at: Date }>>`
    SELECT d.doc_id, n.path, d.updated_at FROM mcp_draft d JOIN note n ON n.doc_id = d.doc_id
    WHERE d.vault_id = ${context.vaultId} AND d.user_id = ${context.userId} AND n.vault_id = ${context.vaultId}
      AND n.deleted_at IS NULL AND n.path_key LIKE ${likePrefixPatternOf(pathKey(context.folder))}
      AND ${outsideHiddenFolders(context.hidden, 'n.path_key')}
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
    nextCursor: rows.length > request.limit && last ? encodeCursor(last.updated_at, last.doc_id) : null,
  };
}

async function createDraft(
  context: DraftContext,
  name: string,
  markdown: string,
): Promise<McpStoreResult<McpNoteWritten>> {
  for (const path of [
    ...draftPathsOf(context.folder, name, DRAFT_NAME_TRIES),
    ...draftPathsOf(context.folder, 'Draft', DRAFT_NAME_TRIES),
  ]) {
    if (await context.isTaken(path)) continue;
    const created = await context.create(path, markdown);
    // Someone took the path between the check and the create: the next name.
    if (created.ok || created.code !== 'PATH_EXISTS') return created;
  }
  return { ok: false, code: 'PATH_EXISTS', message: `The drafts folder has no free name for "${name}".` };
}

async function reviseDraft(
  context: DraftContext,
  draftId: string,
  markdown: string,
): Promise<McpStoreResult<McpDraftSaved>> {
  const owned = await context.prisma.mcpDraft.findFirst({
    where: { docId: draftId, vaultId: context.vaultId, userId: context.userId },
  });
  const path = owned ? await context.readablePath(draftId) : null;
  if (path === null) return draftNotFound('No draft of yours has that draftId; list_drafts shows yours.');
  if (!isInsideFolder(path, context.folder)) {
    return draftNotFound(`It was moved to ${path} and is an ordinary note now: change it with update_note.`);
  }
  const revised = await context.revise(draftId, markdown, (document) => keepDraftRevision(context, draftId, document));
  if (!revised.ok) return revised;
  await context.prisma.mcpDraft.update({ where: { docId: draftId }, data: { updatedAt: context.clock() } });
  return { ...revised, draftId, created: false };
}

// VC5 `draft-revision`: the text the assistant is replacing, kept within the cap (VC3) unless the latest
// version already holds it (VC4).
async function keepDraftRevision(context: DraftContext, docId: string, document: Y.Doc): Promise<void> {
  const capture = {
    docId,
    reason: 'draft-revision' as const,
    text: extractPlainText(document),
    state: Y.encodeStateAsUpdate(document),
  };
  await context.prisma.$transaction((tx) => keepVersion(tx, capture, context.clock(), context.versions.maxVersions));
}

function draftNotFound(message: string): { ok: false; code: 'DRAFT_NOT_FOUND'; message: string } {
  return { ok: false, code: 'DRAFT_NOT_FOUND', message };
}

// The cursor is the last draft shown (its save time and id); opaque to callers.
function encodeCursor(at: Date, docId: string): string {
  return Buffer.from(`${at.getTime()}:${docId}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): { at: Date; docId: string } | undefined {
  if (!/^[A-Za-z0-9_-]{1,512}$/.test(cursor)) return undefined;
  const match = /^(\d{1,15}):([A-Za-z0-9_-]{16,64})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? { at: new Date(Number(match[1])), docId: match[2] as string } : undefined;
}
