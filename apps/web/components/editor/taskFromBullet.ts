import { Extension, InputRule } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { TextSelection, type Transaction } from '@tiptap/pm/state';

// `[ ] ` or `[x] ` typed at the start of a bullet's text, as in `- [ ] draft the budget`.
const TASK_BOX_TYPED = /^\s*\[([ xX]?)\]\s$/;

/**
 * Typing a task box at the start of a bullet list item makes that item a task. Tiptap's own task rule wraps
 * a paragraph in a task list, which a list item's first paragraph can't be. Chaining ProseMirror's list
 * commands after deleting the box fails too (they map positions through every step of the transaction), so
 * the list is rebuilt here: the items before and after stay bullets, the item becomes a one-item task list.
 */
export const TaskFromBullet = Extension.create({
  name: 'taskFromBullet',

  addInputRules() {
    return [
      new InputRule({
        find: TASK_BOX_TYPED,
        handler: ({ state, range, match }) => {
          const $from = state.doc.resolve(range.from);
          const listDepth = $from.depth - 2;
          const isFirstParagraphOfBullet =
            listDepth >= 0 &&
            $from.node(listDepth + 1).type.name === 'listItem' &&
            $from.node(listDepth).type.name === 'bulletList' &&
            $from.index(listDepth + 1) === 0;
          if (!isFirstParagraphOfBullet) return null;
          const checked = (match[1] ?? '').toLowerCase() === 'x';
          const tr = state.tr.delete(range.from, range.to);
          turnItemIntoTask(tr, $from.before(listDepth), $from.index(listDepth), checked);
          return undefined;
        },
      }),
    ];
  },
});

function turnItemIntoTask(tr: Transaction, listPos: number, itemIndex: number, checked: boolean): void {
  const list = tr.doc.nodeAt(listPos) as ProseMirrorNode;
  const { taskList, taskItem } = tr.doc.type.schema.nodes;
  if (!taskList || !taskItem) return;
  const before: ProseMirrorNode[] = [];
  const after: ProseMirrorNode[] = [];
  list.forEach((item, _offset, index) => {
    if (index < itemIndex) before.push(item);
    if (index > itemIndex) after.push(item);
  });
  const task = taskList.create(null, taskItem.create({ checked }, list.child(itemIndex).content));
  const beforeList = before.length > 0 ? list.type.create(list.attrs, before) : null;
  const afterList = after.length > 0 ? list.type.create(list.attrs, after) : null;
  const replacement = [beforeList, task, afterList].filter((node): node is ProseMirrorNode => node !== null);
  tr.replaceWith(listPos, listPos + list.nodeSize, replacement);
  // The caret goes where the box was: the start of the task's text (list, item, paragraph).
  const taskStart = listPos + (beforeList?.nodeSize ?? 0);
  tr.setSelection(TextSelection.create(tr.doc, taskStart + 3));
}
