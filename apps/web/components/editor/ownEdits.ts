import { isChangeOrigin } from '@tiptap/extension-collaboration';
import { TrailingNode } from '@tiptap/extensions';
import { Plugin, type Transaction } from '@tiptap/pm/state';

/**
 * True for a transaction that changes the document because of this person. Not one that only shows what the
 * Y document holds: the note as it opens, or the others' edits as they arrive.
 */
function isOwnEdit(tr: Transaction): boolean {
  return tr.docChanged && !isChangeOrigin(tr);
}

/**
 * `plugin` with its `appendTransaction` run only after this person's edits (RAW4). Whatever it appends is
 * written to the Y document: appended to a note as it opens, it was a change made by opening the note, and
 * appended to the others' edits, it echoed back to them from every open editor.
 */
export function onOwnEditsOnly(plugin: Plugin): Plugin {
  const append = plugin.spec.appendTransaction;
  if (!append) return plugin;
  return new Plugin({
    ...plugin.spec,
    appendTransaction: (transactions, oldState, newState) =>
      transactions.some(isOwnEdit) ? append.call(plugin, transactions, oldState, newState) : null,
  });
}

/**
 * StarterKit's trailing paragraph (after a last block that isn't one, so there is a line to type on below a
 * table or a code block), added once this person edits the note rather than as it opens (RAW4).
 */
export const TrailingParagraph = TrailingNode.extend({
  addProseMirrorPlugins() {
    return (this.parent?.() ?? []).map(onOwnEditsOnly);
  },
});
