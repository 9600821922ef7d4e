import { isTextSelection } from '@tiptap/core';
import type { EditorState } from '@tiptap/pm/state';

/** True for selected text outside code: where the toolbar's marks can go (a code block takes no marks). */
export function isFormattableSelection(state: EditorState): boolean {
  const { selection } = state;
  if (selection.empty || !isTextSelection(selection)) return false;
  if (selection.$from.parent.type.spec.code || selection.$to.parent.type.spec.code) return false;
  return state.doc.textBetween(selection.from, selection.to).length > 0;
}
