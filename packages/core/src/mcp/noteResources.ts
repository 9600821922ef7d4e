import { fail, type Result } from '../result';
import type { McpErrorCode } from './mcpErrors';
import { MCP_LIMITS } from './mcpLimits';
import type { McpStore } from './mcpStore';
import { pageText } from './textPage';

/** MCP17: a note as an MCP resource: `baalda://notes/<docId>`, a later page `…?offset=N`. */
const NOTE_URI = /^baalda:\/\/notes\/([A-Za-z0-9_-]{16,64})(?:\?offset=(\d{1,9}))?$/;
const NOTE_URI_PREFIX = 'baalda://notes/';
/** Longer than any URI this server makes; a longer one is refused before it is parsed. */
const MAX_URI_LENGTH = 200;

/** One entry of `resources/list` (MCP's Resource, the fields this server fills). */
export interface McpNoteResource {
  readonly uri: string;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly mimeType?: string;
}

/** What `resources/read` answers: one page of the note's text, and where the next page is. */
export interface McpResourceContents {
  readonly contents: ReadonlyArray<{ readonly uri: string; readonly mimeType: string; readonly text: string }>;
  readonly _meta: Readonly<Record<string, string | number | boolean>>;
}

/** MCP17: the note's resource URI. */
export function noteResourceUri(docId: string, offset = 0): string {
  return `${NOTE_URI_PREFIX}${docId}${offset > 0 ? `?offset=${offset}` : ''}`;
}

/** MCP17: `resources/list` — the caller's readable notes as list_notes pages them (100 a page). */
export async function listNoteResources(
  store: McpStore,
  cursor: string | undefined,
): Promise<Result<{ readonly resources: McpNoteResource[]; readonly nextCursor: string | null }, McpErrorCode>> {
  if (cursor !== undefined && (cursor.length === 0 || cursor.length > MCP_LIMITS.maxCursorLength)) {
    return fail('INVALID_INPUT', 'cursor is not one resources/list gave.');
  }
  const listed = await store.listNotes({ limit: MCP_LIMITS.maxListNotes, ...(cursor === undefined ? {} : { cursor }) });
  if (!listed.ok) return listed;
  const resources = listed.notes.map((note) => ({
    uri: noteResourceUri(note.docId),
    name: note.path,
    title: note.title,
    description: note.kind === 'note' ? `Note ${note.path}` : `Text of the attachment ${note.path}`,
    ...(note.kind === 'note' ? { mimeType: 'text/markdown' } : {}),
  }));
  return { ok: true, resources, nextCursor: listed.nextCursor };
}

/**
 * MCP17: `resources/read` — one page of a note's Markdown (or an attachment's extracted text), as
 * read_note pages it with its default size; `_meta` says where the next page is. A note the caller may
 * not read is `NOTE_NOT_FOUND`, as from the tools (MCP6).
 */
export async function readNoteResource(
  store: McpStore,
  uri: string,
): Promise<Result<McpResourceContents, McpErrorCode>> {
  const match = uri.length <= MAX_URI_LENGTH ? NOTE_URI.exec(uri) : null;
  if (!match) return fail('INVALID_INPUT', `Not a Baalda note URI: expected ${NOTE_URI_PREFIX}<docId>.`);
  const docId = match[1] as string;
  const note = await store.readNote(docId);
  if (note === null) return fail('NOTE_NOT_FOUND', 'No note has that id.');
  if (note.kind === 'attachment' && note.textStatus !== 'done')
    return fail('NO_TEXT', 'This attachment has no text to read yet.');
  const page = pageText(note.markdown, Number(match[2] ?? 0), MCP_LIMITS.defaultReadChars);
  if (!page.ok) return page;
  const end = page.offset + page.text.length;
  const mimeType = note.kind === 'note' ? 'text/markdown' : 'text/plain';
  return {
    ok: true,
    contents: [{ uri, mimeType, text: page.text }],
    _meta: {
      'baalda/offset': page.offset,
      'baalda/totalChars': page.totalChars,
      'baalda/truncated': page.truncated,
      ...(page.truncated ? { 'baalda/nextUri': noteResourceUri(docId, end) } : {}),
    },
  };
}
