import { LIMITS } from '../limits/limits';

/**
 * Bounds of the MCP tools' inputs (MCP2). String sizes count code points, as JSON Schema does; read
 * offsets and `maxChars` count UTF-16 code units (MCP4).
 */
export const MCP_LIMITS = {
  /** LIM8: a search query. */
  maxQueryLength: LIMITS.maxSearchQueryLength,
  /** search_notes' default number of hits. */
  defaultSearchHits: 10,
  /** LIM8: hits one search may return. */
  maxSearchHits: LIMITS.maxSearchResults,
  /** list_notes' default page size. */
  defaultListNotes: 50,
  /** The largest page list_notes returns. */
  maxListNotes: 100,
  /** A list_notes cursor (opaque; the store makes them, this only bounds what comes back). */
  maxCursorLength: 512,
  /** Text one write may carry; more is `TOO_LARGE`. Its JSON still fits LIM3's request body when ASCII. */
  maxTextChars: 1_000_000,
  /** read_note's and read_attachment_text's default page. */
  defaultReadChars: 20_000,
  /** The largest page one read returns. */
  maxReadChars: 100_000,
  /** MCP13: a revision as read_note gives it (the relay's are 22 characters). */
  maxRevisionLength: 64,
  /** MCP14: edits one edit_note call may make. */
  maxEdits: 50,
  /** MCP14: the text one edit looks for (a line or a paragraph, not the whole note). */
  maxOldTextChars: 100_000,
  /** MCP15: a section asked for by its heading's text. */
  maxSectionLength: 500,
  /** MCP15: headings one outline lists; a longer outline says it was cut. */
  maxOutlineHeadings: 500,
  /** MCP16: a draft's title (its file name is made from it, MCP16's `draftNameOf`). */
  maxDraftTitle: 200,
  /** MCP16: list_drafts' default page. */
  defaultListDrafts: 20,
} as const;
