import { validateNotePath } from '../paths/notePath';
import { fail } from '../result';
import type { McpNoteWritten, McpStore, McpStoreResult } from './mcpStore';
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

/** MCP7: the note's whole text replaced; the relay applies it as a minimal diff. */
export async function updateNote(
  input: McpToolInputs['update_note'],
  store: McpStore,
): Promise<McpToolAnswer<McpNoteWritten>> {
  return answerWrite('Updated', await store.updateNote({ docId: input.docId, markdown: input.text }));
}

/** MCP7: text added at the end of the note. */
export async function appendNote(
  input: McpToolInputs['append_note'],
  store: McpStore,
): Promise<McpToolAnswer<McpNoteWritten>> {
  return answerWrite('Appended to', await store.appendNote({ docId: input.docId, markdown: input.text }));
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

function answerWrite(done: string, result: McpStoreResult<McpNoteWritten>): McpToolAnswer<McpNoteWritten> {
  if (!result.ok) return fromStore(result);
  const note = { docId: result.docId, path: result.path };
  return { ok: true, structuredContent: note, text: renderWritten(done, note) };
}
