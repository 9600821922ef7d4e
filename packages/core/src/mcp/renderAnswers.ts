import type { Failure } from '../result';
import type { McpErrorCode } from './mcpErrors';
import type { McpNotePointer, McpNoteWritten, McpSearchHit } from './mcpStore';
import type { OutlineHeading } from './noteOutline';
import type { TextPage } from './textPage';

/** search_notes' structured answer: pointers only (MCP3). */
export interface SearchNotesOutput {
  readonly hits: readonly McpSearchHit[];
}

/** read_note's structured answer (MCP4, MCP13, MCP15). */
export interface ReadNoteOutput extends PageOfNote {
  /** The heading whose section this is a page of, when one was asked for. */
  readonly section?: string;
  readonly revision: string;
  readonly updatedAt: string;
}

/** outline_note's structured answer (MCP15). */
export interface OutlineNoteOutput extends Omit<McpNotePointer, 'kind'> {
  readonly headings: readonly OutlineHeading[];
  readonly totalChars: number;
  readonly truncated: boolean;
  readonly revision: string;
}

/** read_attachment_text's structured answer (MCP4, MCP5). */
export interface ReadAttachmentOutput extends PageOfNote {
  readonly mimeType: string;
}

/** list_notes' structured answer. */
export interface ListNotesOutput {
  readonly notes: readonly McpNotePointer[];
  readonly nextCursor: string | null;
}

/** A page of a note's text with where the note is. */
interface PageOfNote extends Omit<McpNotePointer, 'kind'>, TextPage {}

/** Rounds a score to 3 decimals: enough to order hits, and it keeps answers small (MCP9). */
export function roundScore(score: number): number {
  return Math.round(score * 1000) / 1000;
}

/**
 * MCP9: search hits as text, one line each, with no note text.
 * @example renderSearchHits([{ docId: 'V1StGXR8_Z5jdHi6B-myT', title: 'Refunds', path: 'Policies/Refunds.md', kind: 'note', score: 0.83 }])
 * // '1. Refunds — Policies/Refunds.md (V1StGXR8_Z5jdHi6B-myT, score 0.83)'
 */
export function renderSearchHits(hits: readonly McpSearchHit[]): string {
  if (hits.length === 0) return 'No notes match. Try other words, or drop the folder or kind filter.';
  return hits
    .map((hit, index) => `${index + 1}. ${hit.title} — ${hit.path} (${idOf(hit)}, score ${hit.score})`)
    .join('\n');
}

/** list_notes as text: one line per note, then how to get the next page. */
export function renderNoteList(page: ListNotesOutput): string {
  const lines = page.notes.map((note, index) => `${index + 1}. ${note.title} — ${note.path} (${idOf(note)})`);
  if (lines.length === 0) lines.push('No notes here.');
  if (page.nextCursor !== null) lines.push(`More: call list_notes with cursor "${page.nextCursor}".`);
  return lines.join('\n');
}

/** A read's text: the page itself, and when more follows, a last line naming the next offset (MCP4). */
export function renderTextPage(page: TextPage, tool: 'read_note' | 'read_attachment_text'): string {
  if (!page.truncated) return page.text;
  const end = page.offset + page.text.length;
  return `${page.text}\n\n[Truncated: characters ${page.offset}–${end} of ${page.totalChars}. Call ${tool} with offset ${end} for the rest.]`;
}

/** MCP15: one line per heading, indented by level, with where its section is. */
export function renderOutline(outline: OutlineNoteOutput): string {
  const lines = outline.headings.map(
    (heading) =>
      `${'  '.repeat(heading.level - 1)}${'#'.repeat(heading.level)} ${heading.text} (offset ${heading.offset}, ${heading.length} chars)`,
  );
  if (lines.length === 0) lines.push(`No headings; the note is ${outline.totalChars} characters.`);
  if (outline.truncated) lines.push('[More headings follow; read the note by offset for the rest.]');
  return lines.join('\n');
}

/** A write's text: what happened, and where the note is now. */
export function renderWritten(done: string, note: McpNoteWritten): string {
  return `${done} ${note.path} (${note.docId}).`;
}

/** A tool error as MCP's text content: the stable code, then the one-line message (MCP8). */
export function renderToolError(failure: Failure<McpErrorCode>): string {
  return `${failure.code}: ${failure.message}`;
}

function idOf(pointer: McpNotePointer): string {
  return pointer.kind === 'attachment' ? `${pointer.docId}, attachment` : pointer.docId;
}
