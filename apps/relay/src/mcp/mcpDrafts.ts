import {
  draftNameOf,
  draftPathsOf,
  isInsideFolder,
  type McpDraftPage,
  type McpDraftSaved,
  type McpNoteRevised,
  type McpNoteWritten,
  type McpStoreResult,
} from '@baalda/core';
import { extractPlainText } from '@baalda/markdown';
import * as Y from 'yjs';
import type { DraftRecords } from '../vault/draftRecords';
import type { Capture } from '../versions/versionStore';

/** How many `Name N.md` a new draft tries before giving up on its title (then it is "Draft N"). */
const DRAFT_NAME_TRIES = 50;

/** What drafts need of the caller's MCP store: where they go, whose they are, and how notes are written. */
export interface DraftContext {
  readonly records: DraftRecords;
  readonly vaultId: string;
  readonly userId: string;
  /** The vault's drafts folder (`Drafts` unless configured). */
  readonly folder: string;
  readonly clock: () => Date;
  /** Keeps a version of a draft's text (VC5 `draft-revision`, within VC3's cap, VC4). */
  readonly keepVersion: (capture: Capture) => Promise<void>;
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
  await context.records.record(created.docId, ownerOf(context), now);
  const revision = await context.revisionOf(created.docId);
  return { ...created, revision, draftId: created.docId, created: true };
}

/** MCP16: the caller's live drafts still in the drafts folder and readable, newest first. */
export function listDrafts(
  context: DraftContext,
  request: { readonly limit: number; readonly cursor?: string },
): Promise<McpStoreResult<McpDraftPage>> {
  return context.records.listLive({ ...ownerOf(context), folder: context.folder, hidden: context.hidden, ...request });
}

function ownerOf(context: DraftContext): { vaultId: string; userId: string } {
  return { vaultId: context.vaultId, userId: context.userId };
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
  const owned = await context.records.isOwn(draftId, ownerOf(context));
  const path = owned ? await context.readablePath(draftId) : null;
  if (path === null) return draftNotFound('No draft of yours has that draftId; list_drafts shows yours.');
  if (!isInsideFolder(path, context.folder)) {
    return draftNotFound(`It was moved to ${path} and is an ordinary note now: change it with update_note.`);
  }
  const revised = await context.revise(draftId, markdown, (document) => keepDraftRevision(context, draftId, document));
  if (!revised.ok) return revised;
  await context.records.touch(draftId, context.clock());
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
  await context.keepVersion(capture);
}

function draftNotFound(message: string): { ok: false; code: 'DRAFT_NOT_FOUND'; message: string } {
  return { ok: false, code: 'DRAFT_NOT_FOUND', message };
}
