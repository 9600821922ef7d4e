import type { Editor } from '@tiptap/core';
import { Selection } from '@tiptap/pm/state';

// The ways out of a block kept as typed are a code block's: its text takes Enter as a newline.

// The caret at the end of a block of `name`, nothing selected: where the ways out of it start.
function caretAtEndOf(editor: Editor, name: string) {
  const { $from, empty } = editor.state.selection;
  if (!empty || $from.parent.type.name !== name) return null;
  return $from.parentOffset === $from.parent.content.size ? $from : null;
}

/** Enter on a third empty line at the block's end: the two empty lines go, and the caret goes on below it. */
export function leaveOnThirdEnter(editor: Editor, name: string): boolean {
  const $end = caretAtEndOf(editor, name);
  if (!$end?.parent.textContent.endsWith('\n\n')) return false;
  return editor
    .chain()
    .command(({ tr }) => {
      tr.delete($end.pos - 2, $end.pos);
      return true;
    })
    .exitCode()
    .run();
}

/** ArrowDown at the block's end: into what follows it, or a new paragraph when nothing does there. */
export function leaveAtEnd(editor: Editor, name: string): boolean {
  const $end = caretAtEndOf(editor, name);
  if (!$end) return false;
  const after = $end.after();
  const { doc } = editor.state;
  if (!doc.nodeAt(after)) return editor.commands.exitCode();
  return editor.commands.command(({ tr }) => {
    tr.setSelection(Selection.near(doc.resolve(after)));
    return true;
  });
}

/** Backspace in an empty block makes it a paragraph. */
export function paragraphFromEmpty(editor: Editor, name: string): boolean {
  const { $from, empty } = editor.state.selection;
  if (!empty || $from.parent.type.name !== name || $from.parent.content.size > 0) return false;
  return editor.commands.clearNodes();
}
