import { validateFolderFilter } from '../paths/notePath';
import { type Failure, fail, type Result } from '../result';
import { MCP_ERRORS, type McpErrorCode } from './mcpErrors';
import { MCP_LIMITS } from './mcpLimits';
import type { McpNotePointer, McpStore, McpStoredNote } from './mcpStore';
import { outlineOf, sectionsNamed } from './noteOutline';
import {
  type ListNotesOutput,
  type OutlineNoteOutput,
  type ReadAttachmentOutput,
  type ReadNoteOutput,
  renderNoteList,
  renderOutline,
  renderSearchHits,
  renderTextPage,
  roundScore,
  type SearchNotesOutput,
} from './renderAnswers';
import { pageText } from './textPage';
import type { McpToolInputs } from './toolInput';

/** A tool's answer: its `structuredContent` and the text rendering of the same, or a coded failure. */
export type McpToolAnswer<Output = unknown> =
  | { readonly ok: true; readonly structuredContent: Output; readonly text: string }
  | { readonly ok: false; readonly code: McpErrorCode; readonly message: string };

/** MCP3: pointers only. Fields are picked one by one, so nothing else a store's rows carry can leak. */
export async function searchNotes(
  input: McpToolInputs['search_notes'],
  store: McpStore,
): Promise<McpToolAnswer<SearchNotesOutput>> {
  const folder = checkFolder(input.folder);
  if (!folder.ok) return folder;
  const { ok: _, ...where } = folder;
  const found = await store.search({ ...input, ...where });
  if (!found.ok) return fromStore(found);
  const hits = found.hits.slice(0, input.limit).map((hit) => ({ ...pointerOf(hit), score: roundScore(hit.score) }));
  return { ok: true, structuredContent: { hits }, text: renderSearchHits(hits) };
}

/** MCP4, MCP5, MCP13, MCP15: a page of a note's Markdown, or of one heading's section of it. */
export async function readNote(
  input: McpToolInputs['read_note'],
  store: McpStore,
): Promise<McpToolAnswer<ReadNoteOutput>> {
  const note = await markdownNote(store, input.docId);
  if (!note.ok) return note;
  const text =
    input.section === undefined ? { ok: true as const, text: note.markdown } : sectionText(note, input.section);
  if (!text.ok) return text;
  const page = pageText(text.text, input.offset, input.maxChars);
  if (!page.ok) return page;
  const { ok: _, ...fields } = page;
  const section = input.section === undefined ? {} : { section: input.section.trim() };
  const structuredContent = {
    ...placeOf(note),
    ...fields,
    ...section,
    revision: note.revision,
    updatedAt: note.updatedAt,
  };
  return { ok: true, structuredContent, text: renderTextPage(fields, 'read_note') };
}

/** MCP15: the note's headings with their sections' offsets and lengths, bounded. */
export async function outlineNote(
  input: McpToolInputs['outline_note'],
  store: McpStore,
): Promise<McpToolAnswer<OutlineNoteOutput>> {
  const note = await markdownNote(store, input.docId);
  if (!note.ok) return note;
  const all = outlineOf(note.markdown);
  const headings = all.slice(0, MCP_LIMITS.maxOutlineHeadings);
  const structuredContent = {
    ...placeOf(note),
    headings,
    totalChars: note.markdown.length,
    truncated: headings.length < all.length,
    revision: note.revision,
  };
  return { ok: true, structuredContent, text: renderOutline(structuredContent) };
}

// MCP5, MCP6: the note to read as Markdown; an attachment is read with read_attachment_text instead.
async function markdownNote(
  store: McpStore,
  docId: string,
): Promise<Result<Extract<McpStoredNote, { kind: 'note' }>, McpErrorCode>> {
  const note = await store.readNote(docId);
  if (note === null) return noteNotFound();
  if (note.kind !== 'note') return fail('NOT_A_NOTE', 'That is an attachment: read it with read_attachment_text.');
  return { ok: true, ...note };
}

// MCP15: the first heading with that text; a text several headings share reads the first of them.
function sectionText(note: { readonly markdown: string }, section: string): Result<{ text: string }, McpErrorCode> {
  const [found] = sectionsNamed(note.markdown, section);
  if (!found) return fail('SECTION_NOT_FOUND', 'No heading has that text; outline_note lists them.');
  return { ok: true, text: note.markdown.slice(found.offset, found.offset + found.length) };
}

/** MCP4, MCP5: a page of an attachment's extracted text. */
export async function readAttachmentText(
  input: McpToolInputs['read_attachment_text'],
  store: McpStore,
): Promise<McpToolAnswer<ReadAttachmentOutput>> {
  const note = await store.readNote(input.docId);
  if (note === null) return noteNotFound();
  if (note.kind !== 'attachment') return fail('NOT_AN_ATTACHMENT', 'That is a note: read it with read_note.');
  if (note.textStatus === 'pending') return fail('TEXT_NOT_READY', MCP_ERRORS.TEXT_NOT_READY);
  if (note.textStatus === 'failed') return fail('NO_TEXT', `No text could be read: ${note.textProblem ?? 'unknown'}`);
  if (note.textStatus === 'none') return fail('NO_TEXT', `A ${note.mimeType} file has no text to read.`);
  const page = pageText(note.markdown, input.offset, input.maxChars);
  if (!page.ok) return page;
  const { ok: _, ...fields } = page;
  const structuredContent = { ...placeOf(note), mimeType: note.mimeType, ...fields };
  return { ok: true, structuredContent, text: renderTextPage(fields, 'read_attachment_text') };
}

/** Pointers for browsing, one page at a time. */
export async function listNotes(
  input: McpToolInputs['list_notes'],
  store: McpStore,
): Promise<McpToolAnswer<ListNotesOutput>> {
  const folder = checkFolder(input.folder);
  if (!folder.ok) return folder;
  const { ok: _, ...where } = folder;
  const listed = await store.listNotes({ ...input, ...where });
  if (!listed.ok) return fromStore(listed);
  const page = { notes: listed.notes.slice(0, input.limit).map(pointerOf), nextCursor: listed.nextCursor };
  return { ok: true, structuredContent: page, text: renderNoteList(page) };
}

/** MCP6: one answer for "no such note" and "not yours to read", whatever words the store chose. */
export function fromStore(failure: { readonly code: McpErrorCode; readonly message: string }): McpToolAnswer<never> {
  return failure.code === 'NOTE_NOT_FOUND' ? noteNotFound() : fail(failure.code, failure.message);
}

function noteNotFound(): Failure<McpErrorCode> {
  return fail('NOTE_NOT_FOUND', `${MCP_ERRORS.NOTE_NOT_FOUND} Find notes with search_notes or list_notes.`);
}

function checkFolder(folder: string | undefined): Result<{ readonly folder?: string }, McpErrorCode> {
  if (folder === undefined) return { ok: true };
  const checked = validateFolderFilter(folder);
  return checked.ok ? { ok: true, folder: checked.path } : fail('INVALID_PATH', `folder: ${checked.message}`);
}

function pointerOf(note: McpNotePointer): McpNotePointer {
  return { docId: note.docId, title: note.title, path: note.path, kind: note.kind };
}

function placeOf(note: McpStoredNote): { docId: string; title: string; path: string } {
  return { docId: note.docId, title: note.title, path: note.path };
}
