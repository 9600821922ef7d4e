import { fail } from '../result';
import { listDrafts, saveDraft } from './draftTools';
import type { McpStore } from './mcpStore';
import { type McpToolDefinition, type McpToolName, toolNamed } from './mcpTools';
import { listNotes, type McpToolAnswer, outlineNote, readAttachmentText, readNote, searchNotes } from './readTools';
import { type McpToolInputs, parseToolInput } from './toolInput';
import { appendNote, createNote, deleteNote, editNote, moveNote, updateNote } from './writeTools';

type Handlers = {
  readonly [Name in McpToolName]: (input: McpToolInputs[Name], store: McpStore) => Promise<McpToolAnswer>;
};

const HANDLERS: Handlers = {
  search_notes: searchNotes,
  read_note: readNote,
  outline_note: outlineNote,
  read_attachment_text: readAttachmentText,
  list_notes: listNotes,
  list_drafts: listDrafts,
  create_note: createNote,
  update_note: updateNote,
  append_note: appendNote,
  edit_note: editNote,
  save_draft: saveDraft,
  move_note: moveNote,
  delete_note: deleteNote,
};

/**
 * Runs one MCP tool call for one caller, transport-free: the relay hands in the tool's name and raw
 * arguments from `tools/call` and a store scoped to the caller, and maps the answer to MCP (a success to
 * `structuredContent` plus one text block, a failure to `isError` with `CODE: message`). Refusals come in
 * a fixed order: an unknown tool (`UNKNOWN_TOOL`), a write by a read-only caller (`READ_ONLY`, before its
 * arguments are even looked at), then the arguments (MCP2). A store that throws is not caught here.
 * @example await callMcpTool('search_notes', { query: 'refunds' }, store, { readOnly: true })
 * // { ok: true, structuredContent: { hits: [...] }, text: '1. Refunds — Policies/Refunds.md (…, score 2.41)' }
 */
export async function callMcpTool(
  name: string,
  rawArguments: unknown,
  store: McpStore,
  caller: { readonly readOnly: boolean },
): Promise<McpToolAnswer> {
  const tool = toolNamed(name);
  if (tool === undefined) return fail('UNKNOWN_TOOL', `No tool is named ${JSON.stringify(name.slice(0, 64))}.`);
  if (!tool.readOnly && caller.readOnly) {
    return fail('READ_ONLY', `${tool.name} changes notes; this access token may only read.`);
  }
  return runTool(tool, rawArguments, store);
}

async function runTool<Name extends McpToolName>(
  tool: McpToolDefinition & { readonly name: Name },
  rawArguments: unknown,
  store: McpStore,
): Promise<McpToolAnswer> {
  const parsed = parseToolInput(tool, rawArguments);
  if (!parsed.ok) return parsed;
  const handler: Handlers[Name] = HANDLERS[tool.name];
  return handler(parsed.input, store);
}
