import { describe, expect, it } from 'vitest';
import type { EditorElement, EditorNode } from '../model/editorModel';
import { markdownOfBlocks } from '../write/writeMarkdown';
import { documentContentOfMarkdown } from './parseMarkdown';

const text = (value: string, marks: Record<string, Record<string, unknown>> = {}): EditorNode => ({
  type: 'text',
  text: value,
  marks,
});
const paragraph = (...children: EditorNode[]): EditorElement => ({ type: 'paragraph', attrs: {}, children });
const task = (checked: boolean, ...children: EditorElement[]): EditorElement => ({
  type: 'taskItem',
  attrs: { checked },
  children,
});

describe('task lists and highlights in Markdown (MD8)', () => {
  it('[MD8] a GFM task list becomes task items with their boxes, nested tasks included', () => {
    const blocks = documentContentOfMarkdown('- [ ] draft the budget\n- [X] book the room\n  - [ ] ask Sam\n');
    expect(blocks).toEqual([
      {
        type: 'taskList',
        attrs: {},
        children: [
          task(false, paragraph(text('draft the budget'))),
          task(true, paragraph(text('book the room')), {
            type: 'taskList',
            attrs: {},
            children: [task(false, paragraph(text('ask Sam')))],
          }),
        ],
      },
    ]);
  });

  it('[MD8] task lists are written as `- [ ] ` / `- [x] ` with nested content under the bullet', () => {
    const markdown = markdownOfBlocks(documentContentOfMarkdown('* [X] done\n\n  more about it\n* [ ]  spaced\n'));
    expect(markdown).toBe('- [x] done\n\n  more about it\n- [ ] spaced\n');
    expect(markdownOfBlocks(documentContentOfMarkdown(markdown))).toBe(markdown);
  });

  it('[MD8] a list mixing tasks and plain items stays a bullet list, its boxes written as GFM shows them', () => {
    const blocks = documentContentOfMarkdown('- [ ] a task\n- a plain item\n');
    expect(blocks[0]?.type).toBe('bulletList');
    expect(markdownOfBlocks(blocks)).toBe('- [ ] a task\n- a plain item\n');
    // Once its plain item is gone, the box is escaped, so the list still does not read back as a task list.
    const list = blocks[0] as EditorElement;
    const alone = markdownOfBlocks([{ ...list, children: list.children.slice(0, 1) }]);
    expect(alone).toBe('- \\[ ] a task\n');
    expect(documentContentOfMarkdown(alone)[0]?.type).toBe('bulletList');
  });

  it('[MD8] a task list right after a bullet list switches the marker, so the two never read back as one', () => {
    const blocks: EditorElement[] = [
      { type: 'bulletList', attrs: {}, children: [{ type: 'listItem', attrs: {}, children: [paragraph(text('a'))] }] },
      { type: 'taskList', attrs: {}, children: [task(true, paragraph(text('b')))] },
    ];
    const markdown = markdownOfBlocks(blocks);
    expect(markdown).toBe('- a\n\n* [x] b\n');
    expect(documentContentOfMarkdown(markdown)).toEqual(blocks);
  });

  it('[MD8] `==text==` and `<mark>` are highlights; a bare `==` stays text', () => {
    expect(documentContentOfMarkdown('a ==key== b <mark>too</mark> and x == y')).toEqual([
      paragraph(
        text('a '),
        text('key', { highlight: {} }),
        text(' b '),
        text('too', { highlight: {} }),
        text(' and x == y'),
      ),
    ]);
    expect(markdownOfBlocks([paragraph(text('a==b '), text('key', { highlight: {} }))])).toBe('a\\=\\=b ==key==\n');
  });
});
