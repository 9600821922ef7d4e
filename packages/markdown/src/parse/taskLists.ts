import type { Token } from 'markdown-it';

/** MD8: a task box as GFM and Obsidian write it at the start of a list item: `[ ]`, `[x]` or `[X]`, then spaces. */
export const TASK_BOX = /^\[([ xX])\][ \t]+/;

/**
 * MD8: marks each bullet list whose every item's first paragraph starts with a task box as a task list
 * (`meta.task` on the list and its items, `meta.checked` on each item) and takes the box off the text.
 * A list that mixes tasks and plain items stays a bullet list with its boxes as text: the editor's task list
 * holds only tasks, and the text is written back escaped so it keeps reading as a plain list.
 * markdown-it has no GFM task-list rule of its own, and the plugins for it render HTML rather than tokens.
 */
export function markTaskLists(tokens: Token[]): Token[] {
  for (const [index, token] of tokens.entries()) {
    if (token.type !== 'bullet_list_open') continue;
    const items = itemsOf(tokens, index);
    const boxes = items.map((item) => taskBoxOf(tokens, item));
    if (boxes.length === 0 || boxes.some((box) => box === null)) continue;
    token.meta = { ...token.meta, task: true };
    for (const [position, item] of items.entries()) {
      const box = boxes[position] as TaskBox;
      (tokens[item] as Token).meta = { task: true, checked: box.checked };
      box.remove();
    }
  }
  return tokens;
}

interface TaskBox {
  readonly checked: boolean;
  /** Takes the box (and the space after it) off the item's text. */
  remove(): void;
}

// The indexes of the list's own `list_item_open` tokens (not those of lists nested in it).
function itemsOf(tokens: readonly Token[], listIndex: number): number[] {
  const level = (tokens[listIndex] as Token).level;
  const items: number[] = [];
  for (let index = listIndex + 1; index < tokens.length; index++) {
    const token = tokens[index] as Token;
    if (token.level === level && token.type === 'bullet_list_close') break;
    if (token.level === level + 1 && token.type === 'list_item_open') items.push(index);
  }
  return items;
}

function taskBoxOf(tokens: readonly Token[], itemIndex: number): TaskBox | null {
  const paragraph = tokens[itemIndex + 1];
  const inline = tokens[itemIndex + 2];
  const first = inline?.children?.[0];
  if (paragraph?.type !== 'paragraph_open' || inline?.type !== 'inline' || first?.type !== 'text') return null;
  // The source, not the text: `\\[ ] ` (a plain item's text, MD8) and `[ ] &#32;` read as the same text as
  // a box and its space, so the box and the spaces after it are measured in the source.
  const source = TASK_BOX.exec(inline.content);
  if (!source || !first.content.startsWith(source[0])) return null;
  return {
    checked: source[1] !== ' ',
    remove: () => {
      first.content = first.content.slice(source[0].length);
      if (!first.content) inline.children?.shift();
    },
  };
}
