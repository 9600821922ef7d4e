import { validateNotePath } from '../paths/notePath';
import { fail } from '../result';
import type { McpNoteRevised, McpNoteWritten, McpStore, McpStoreResult } from './mcpStore';
import { fromStore, type McpToolAnswer } from './readTools';
import { renderWritten } from './renderAnswers';
import type { McpToolInputs } from './toolInput';

/** MCP7: a new note; an occupied path is `PATH_EXISTS` (the store's answer), never a silent copy. */
export async function createNote(
  input: McpToolInputs['create_note'],
  store: McpStore,
): Promise<McpToolAnswer<McpNoteWritten>> {
  const path = validateNotePath(input.path);
  if (!path.ok) return fail('INVALID_PATH', `path: ${path.message}`);
  return answerWrite('Created', await store.createNote({ path: path.path, markdown: input.text }));
}

/** MCP7, MCP13: the note's whole text replaced; the relay applies it as a minimal diff. */
export async function updateNote(
  input: McpToolInputs['update_note'],
  store: McpStore,
): Promise<McpToolAnswer<McpNoteRevised>> {
  const { docId, text: markdown, ifRevision } = input;
  return answerRevised('Updated', await store.updateNote({ docId, markdown, ...optional({ ifRevision }) }));
}

/** MCP7, MCP13: text added at the end of the note. */
export async function appendNote(
  input: McpToolInputs['append_note'],
  store: McpStore,
): Promise<McpToolAnswer<McpNoteRevised>> {
  const { docId, text: markdown, ifRevision } = input;
  return answerRevised('Appended to', await store.appendNote({ docId, markdown, ...optional({ ifRevision }) }));
}

/** MCP14: find-and-replace edits, all or none, each `oldText` found exactly once. */
export async function editNote(
  input: McpToolInputs['edit_note'],
  store: McpStore,
): Promise<McpToolAnswer<McpNoteRevised>> {
  const { docId, edits, ifRevision } = input;
  return answerRevised('Edited', await store.editNote({ docId, edits, ...optional({ ifRevision }) }));
}

/** MCP7: the note moved or renamed; a taken path is `PATH_EXISTS` (CN4). */
export async function moveNote(
  input: McpToolInputs['move_note'],
  store: McpStore,
): Promise<McpToolAnswer<McpNoteWritten>> {
  const path = validateNotePath(input.path);
  if (!path.ok) return fail('INVALID_PATH', `path: ${path.message}`);
  return answerWrite('Moved to', await store.moveNote({ docId: input.docId, path: path.path }));
}

/** MCP7: the note moved to the trash (TR1); the answer names where it was. */
export async function deleteNote(
  input: McpToolInputs['delete_note'],
  store: McpStore,
): Promise<McpToolAnswer<McpNoteWritten>> {
  return answerWrite('Moved to the trash:', await store.deleteNote({ docId: input.docId }));
}

function answerRevised(done: string, result: McpStoreResult<McpNoteRevised>): McpToolAnswer<McpNoteRevised> {
  if (!result.ok) return fromStore(result);
  const note = { docId: result.docId, path: result.path, revision: result.revision };
  return { ok: true, structuredContent: note, text: `${renderWritten(done, note)} Revision ${note.revision}.` };
}

// exactOptionalPropertyTypes: an absent revision is left out, not passed as undefined.
function optional(fields: { readonly ifRevision: string | undefined }): { ifRevision?: string } {
  return fields.ifRevision === undefined ? {} : { ifRevision: fields.ifRevision };
}

function answerWrite(done: string, result: McpStoreResult<McpNoteWritten>): McpToolAnswer<McpNoteWritten> {
  if (!result.ok) return fromStore(result);
  const note = { docId: result.docId, path: result.path };
  return { ok: true, structuredContent: note, text: renderWritten(done, note) };
}
