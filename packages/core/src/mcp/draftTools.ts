import type { McpDraftPage, McpDraftSaved, McpStore } from './mcpStore';
import { fromStore, type McpToolAnswer } from './readTools';
import type { McpToolInputs } from './toolInput';

/** MCP16: a working draft kept as a note; saving with its draftId revises that note, never a second one. */
export async function saveDraft(
  input: McpToolInputs['save_draft'],
  store: McpStore,
): Promise<McpToolAnswer<McpDraftSaved>> {
  const { title, text: markdown, draftId } = input;
  const saved = await store.saveDraft({ title, markdown, ...(draftId === undefined ? {} : { draftId }) });
  if (!saved.ok) return fromStore(saved);
  const answer = {
    draftId: saved.draftId,
    docId: saved.docId,
    path: saved.path,
    revision: saved.revision,
    created: saved.created,
  };
  const done = answer.created ? 'Saved a new draft at' : 'Revised the draft at';
  return {
    ok: true,
    structuredContent: answer,
    text: `${done} ${answer.path} (draftId ${answer.draftId}). Save again with this draftId to revise it.`,
  };
}

/** MCP16: the caller's drafts as pointers, newest first. */
export async function listDrafts(
  input: McpToolInputs['list_drafts'],
  store: McpStore,
): Promise<McpToolAnswer<McpDraftPage>> {
  const listed = await store.listDrafts({
    limit: input.limit,
    ...(input.cursor === undefined ? {} : { cursor: input.cursor }),
  });
  if (!listed.ok) return fromStore(listed);
  const drafts = listed.drafts
    .slice(0, input.limit)
    .map(({ docId, title, path, updatedAt }) => ({ docId, title, path, updatedAt }));
  const page = { drafts, nextCursor: listed.nextCursor };
  const lines = drafts.map(
    (draft, index) => `${index + 1}. ${draft.title} — ${draft.path} (draftId ${draft.docId}, saved ${draft.updatedAt})`,
  );
  if (lines.length === 0) lines.push('You have no drafts.');
  if (page.nextCursor !== null) lines.push(`More: call list_drafts with cursor "${page.nextCursor}".`);
  return { ok: true, structuredContent: page, text: lines.join('\n') };
}
