/**
 * Stable error codes the MCP tools answer with (MCP8), one catalog for this boundary. The relay maps each
 * to a tool error (`isError: true`, text `CODE: message`), except UNKNOWN_TOOL, which MCP reports as a
 * JSON-RPC error. A code string never changes once released.
 */
export const MCP_ERRORS = {
  /** No note has that id, or the caller may not read it: the two are one answer (MCP6). */
  NOTE_NOT_FOUND: 'No note has that id.',
  /** The caller may read but not change this note or path (a viewer, or a private folder). */
  FORBIDDEN: 'You may not change this.',
  /** Another note or folder already holds the path; nothing was created or moved (MCP7). */
  PATH_EXISTS: 'Something already exists at that path.',
  /** A path breaks a path rule (PATH1–PATH8); the message names the rule. */
  INVALID_PATH: 'The path is not valid.',
  /** The arguments do not match the tool's input schema; the message names the property. */
  INVALID_INPUT: 'The arguments are not valid for this tool.',
  /** A text, or the note it would make, is larger than the tools accept (MCP_LIMITS.maxTextChars). */
  TOO_LARGE: 'The text is larger than a note may be.',
  /** read_attachment_text was asked for a note; read it with read_note. */
  NOT_AN_ATTACHMENT: 'That is a note, not an attachment.',
  /** read_note or a write tool was asked for an attachment; read it with read_attachment_text. */
  NOT_A_NOTE: 'That is an attachment, not a note.',
  /** read_attachment_text: the attachment's text is still being read (ATT5); ask again in a few seconds. */
  TEXT_NOT_READY: 'The text of this attachment is still being read; try again shortly.',
  /** read_attachment_text: no text could be read from the file, or its type has none (ATT4, ATT5). */
  NO_TEXT: 'No text could be read from this attachment.',
  /** A write named `ifRevision`, and the note changed since that revision; nothing was written (MCP13). */
  REVISION_CHANGED: 'The note changed since you read it; read it again.',
  /** edit_note: an edit's `oldText` is not in the note; nothing was written (MCP14). */
  TEXT_NOT_FOUND: 'The text to replace is not in the note.',
  /** edit_note: an edit's `oldText` occurs more than once; add context around it (MCP14). */
  TEXT_AMBIGUOUS: 'The text to replace occurs more than once.',
  /** read_note: no heading of the note has the `section` asked for (MCP15). */
  SECTION_NOT_FOUND: 'No heading of the note has that text.',
  /** save_draft: no draft of yours has that draftId, or it left the drafts folder and is a note now (MCP16). */
  DRAFT_NOT_FOUND: 'You have no draft with that draftId.',
  /** A write tool was called by a caller who may only read (a read-only token, or a viewer). */
  READ_ONLY: 'This access token may only read.',
  /** No tool has that name (or it is not offered to this caller's kind of token). */
  UNKNOWN_TOOL: 'No tool has that name.',
  /** Too many calls from one token (LIM10); wait and try again. */
  RATE_LIMITED: 'Too many requests; slow down.',
  /** The relay failed while answering; the call changed nothing it reported as done. */
  INTERNAL: 'The tool failed; try again later.',
} as const;

/** A stable MCP tool error code; see {@link MCP_ERRORS}. */
export type McpErrorCode = keyof typeof MCP_ERRORS;
