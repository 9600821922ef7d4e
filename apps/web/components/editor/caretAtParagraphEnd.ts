import type { ResolvedPos } from '@tiptap/pm/model';
import type { EditorState } from '@tiptap/pm/state';

/**
 * Where the caret is when it sits, with nothing selected, at the end of a paragraph: the moment an Enter
 * may turn a typed line (a table's header row, a callout's head) into a block. Null otherwise.
 */
export function caretAtParagraphEnd(state: EditorState): ResolvedPos | null {
  const { $from, empty } = state.selection;
  const line = $from.parent;
  return empty && line.type.name === 'paragraph' && $from.parentOffset === line.content.size ? $from : null;
}
