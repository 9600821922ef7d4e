import type { McpErrorCode, McpNoteWritten, McpStoreResult, OpOutcome } from '@baalda/core';

// MCP4: a tree op's refusal in the tools' own codes. A trashed note counts as missing for an assistant.
const CODES: Partial<Record<string, McpErrorCode>> = {
  PATH_TAKEN: 'PATH_EXISTS',
  PATH_INVALID: 'INVALID_PATH',
  NOTE_NOT_FOUND: 'NOTE_NOT_FOUND',
  NOTE_IN_TRASH: 'NOTE_NOT_FOUND',
  FORBIDDEN: 'FORBIDDEN',
};

/** The store's answer for one applied tree op. */
export function outcomeAsResult(
  outcome: OpOutcome | undefined,
  written: McpNoteWritten,
): McpStoreResult<McpNoteWritten> {
  if (!outcome) return { ok: false, code: 'INTERNAL', message: 'The relay gave no answer for the change.' };
  if (outcome.ok) return { ok: true, ...written, path: outcome.path ?? written.path };
  return { ok: false, code: CODES[outcome.code] ?? 'INTERNAL', message: outcome.message };
}
