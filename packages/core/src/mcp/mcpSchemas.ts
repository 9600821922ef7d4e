import { z } from 'zod';
import { codePointString } from '../contracts/codePointString';
import { LIMITS } from '../limits/limits';
import { MCP_LIMITS } from './mcpLimits';

/** DOC2's id shape as a JSON Schema pattern (agrees with `isValidDocId`, tested). */
export const DOC_ID_PATTERN = '^[A-Za-z0-9_-]{16,64}$';

const docId = z.string().regex(new RegExp(DOC_ID_PATTERN, 'u')).describe('From search_notes or list_notes.');
const notePath = codePointString({ min: 1, max: LIMITS.maxPathLength }).describe(
  'Folders separated by "/", ending in ".md", e.g. "Projects/Plan.md".',
);
const folder = codePointString({ min: 1, max: LIMITS.maxPathLength }).describe(
  'Only notes in this folder or below, e.g. "Projects".',
);
const markdown = codePointString({ max: MCP_LIMITS.maxTextChars }).describe('Markdown.');
const kind = z.enum(['note', 'attachment']);
const offset = z
  .int()
  .min(0)
  .default(0)
  .describe('Where to start, in UTF-16 code units; a truncated answer names the next one.');
const maxChars = z.int().min(1).max(MCP_LIMITS.maxReadChars).default(MCP_LIMITS.defaultReadChars);
const count = z.int().min(0);
const ifRevision = codePointString({ min: 1, max: MCP_LIMITS.maxRevisionLength })
  .describe('The revision read_note answered: the write fails with REVISION_CHANGED if the note changed since.')
  .optional();
const edit = z.strictObject({
  oldText: codePointString({ min: 1, max: MCP_LIMITS.maxOldTextChars }).describe(
    'Text of the note to replace, exactly as read_note gave it; it must occur exactly once.',
  ),
  newText: codePointString({ max: MCP_LIMITS.maxTextChars }).describe('What replaces it (empty to delete it).'),
});
const section = codePointString({ min: 1, max: MCP_LIMITS.maxSectionLength }).describe(
  "A heading's text as outline_note lists it: read only that heading's section.",
);

/** Each tool's arguments (MCP2); unknown properties are refused, defaults are filled in. */
export const MCP_INPUT_SCHEMAS = {
  search_notes: z.strictObject({
    query: codePointString({ min: 1, max: MCP_LIMITS.maxQueryLength }).regex(/\S/u),
    limit: z.int().min(1).max(MCP_LIMITS.maxSearchHits).default(MCP_LIMITS.defaultSearchHits),
    folder: folder.optional(),
    kind: kind.optional(),
  }),
  read_note: z.strictObject({ docId, section: section.optional(), offset, maxChars }),
  outline_note: z.strictObject({ docId }),
  read_attachment_text: z.strictObject({ docId, offset, maxChars }),
  list_notes: z.strictObject({
    folder: folder.optional(),
    limit: z.int().min(1).max(MCP_LIMITS.maxListNotes).default(MCP_LIMITS.defaultListNotes),
    cursor: codePointString({ min: 1, max: MCP_LIMITS.maxCursorLength }).optional(),
  }),
  create_note: z.strictObject({ path: notePath, text: markdown }),
  update_note: z.strictObject({ docId, text: markdown, ifRevision }),
  append_note: z.strictObject({ docId, text: markdown, ifRevision }),
  edit_note: z.strictObject({ docId, edits: z.array(edit).min(1).max(MCP_LIMITS.maxEdits), ifRevision }),
  save_draft: z.strictObject({
    title: codePointString({ min: 1, max: MCP_LIMITS.maxDraftTitle }).regex(/\S/u).describe('What the draft is.'),
    text: markdown,
    draftId: z
      .string()
      .regex(new RegExp(DOC_ID_PATTERN, 'u'))
      .describe('From an earlier save_draft or list_drafts: revises that draft instead of starting one.')
      .optional(),
  }),
  list_drafts: z.strictObject({
    limit: z.int().min(1).max(MCP_LIMITS.maxListNotes).default(MCP_LIMITS.defaultListDrafts),
    cursor: codePointString({ min: 1, max: MCP_LIMITS.maxCursorLength }).optional(),
  }),
  move_note: z.strictObject({ docId, path: notePath }),
  delete_note: z.strictObject({ docId }),
} as const;

// Properties are listed in the order of the published `required` lists, which zod follows.
const pointerFields = { docId: z.string(), title: z.string(), path: z.string() };
const pointer = z.strictObject({ ...pointerFields, kind });
const hit = z.strictObject({ ...pointerFields, score: z.number(), kind });
const written = z.strictObject({ docId: z.string(), path: z.string() });
const revised = z.strictObject({ docId: z.string(), path: z.string(), revision: z.string() });
const draft = z.strictObject({ ...pointerFields, updatedAt: z.string().meta({ format: 'date-time' }) });
const heading = z.strictObject({ level: z.int().min(1).max(6), text: z.string(), offset: count, length: count });
const pageFields = { ...pointerFields, text: z.string(), offset: count, totalChars: count, truncated: z.boolean() };

/** Each tool's `structuredContent` (MCP3, MCP4): what `outputSchema` publishes. */
export const MCP_OUTPUT_SCHEMAS = {
  search_notes: z.strictObject({ hits: z.array(hit).max(MCP_LIMITS.maxSearchHits) }),
  read_note: z.strictObject({
    ...pageFields,
    section: z.string().optional(),
    revision: z.string(),
    updatedAt: z.string().meta({ format: 'date-time' }),
  }),
  outline_note: z.strictObject({
    ...pointerFields,
    headings: z.array(heading).max(MCP_LIMITS.maxOutlineHeadings),
    totalChars: count,
    truncated: z.boolean(),
    revision: z.string(),
  }),
  read_attachment_text: z.strictObject({ ...pageFields, mimeType: z.string() }),
  list_notes: z.strictObject({ notes: z.array(pointer), nextCursor: z.string().nullable() }),
  create_note: written,
  update_note: revised,
  append_note: revised,
  edit_note: revised,
  save_draft: z.strictObject({
    draftId: z.string(),
    docId: z.string(),
    path: z.string(),
    revision: z.string(),
    created: z.boolean(),
  }),
  list_drafts: z.strictObject({ drafts: z.array(draft), nextCursor: z.string().nullable() }),
  move_note: written,
  delete_note: written,
} as const;
