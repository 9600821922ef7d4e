import { fail, type Result } from '../result';
import type { McpErrorCode } from './mcpErrors';

/** One find-and-replace of edit_note: `oldText` must occur exactly once in the note's Markdown. */
export interface TextEdit {
  readonly oldText: string;
  readonly newText: string;
}

interface PlacedEdit extends TextEdit {
  readonly index: number;
  readonly at: number;
}

/**
 * MCP14: the note's Markdown with every edit applied, all against the text as it is now, or the first
 * reason none may be: an `oldText` that is missing (`TEXT_NOT_FOUND`) or occurs twice (`TEXT_AMBIGUOUS`),
 * naming the edit by its 1-based number, or two edits over the same characters (`INVALID_INPUT`).
 * @example applyTextEdits('a b c', [{ oldText: 'b', newText: 'B' }]) // { ok: true, markdown: 'a B c' }
 */
export function applyTextEdits(
  markdown: string,
  edits: readonly TextEdit[],
): Result<{ readonly markdown: string }, McpErrorCode> {
  const placed: PlacedEdit[] = [];
  for (const [index, edit] of edits.entries()) {
    const at = markdown.indexOf(edit.oldText);
    if (at < 0) return fail('TEXT_NOT_FOUND', `edit ${index + 1}: its oldText is not in the note; read it again.`);
    if (markdown.indexOf(edit.oldText, at + 1) >= 0) {
      return fail('TEXT_AMBIGUOUS', `edit ${index + 1}: its oldText occurs more than once; include more around it.`);
    }
    placed.push({ ...edit, index, at });
  }
  placed.sort((a, b) => a.at - b.at);
  for (let next = 1; next < placed.length; next++) {
    const before = placed[next - 1] as PlacedEdit;
    const after = placed[next] as PlacedEdit;
    if (before.at + before.oldText.length > after.at) {
      return fail('INVALID_INPUT', `edits ${before.index + 1} and ${after.index + 1} change the same text.`);
    }
  }
  let result = '';
  let copied = 0;
  for (const edit of placed) {
    result += markdown.slice(copied, edit.at) + edit.newText;
    copied = edit.at + edit.oldText.length;
  }
  return { ok: true, markdown: result + markdown.slice(copied) };
}
