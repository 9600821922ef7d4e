import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RAW_BLOCK } from '../model/editorModel';
import { markdownHtmlOf } from '../parse/markdownIt';
import { documentContentOfMarkdown } from '../parse/parseMarkdown';
import { arbitraryMarkdownNote } from '../test/arbitraryMarkdown';
import { markdownOfBlocks } from '../write/writeMarkdown';

const roundTrip = (markdown: string): string => markdownOfBlocks(documentContentOfMarkdown(markdown));

function expectSameRendering(before: string, after: string): void {
  expect(markdownHtmlOf(after)).toBe(markdownHtmlOf(before));
  expect(markdownHtmlOf(after, { breaks: true })).toBe(markdownHtmlOf(before, { breaks: true }));
}

describe('Markdown fidelity (MD11, MD12)', () => {
  it('[MD12] any note of every construct: one round trip keeps its rendering and a second changes nothing (fast-check)', () => {
    fc.assert(
      fc.property(arbitraryMarkdownNote, (markdown) => {
        const once = roundTrip(markdown);
        expectSameRendering(markdown, once);
        expect(roundTrip(once)).toBe(once);
      }),
      { numRuns: 400 },
    );
  });

  it('[MD11] what the editor has no node for comes back exactly as typed', () => {
    for (const markdown of [
      'Text[^1] and ^[an inline note].\n\n[^1]: The note,\n    continued.\n',
      'Euler: $e^{i\\pi} + 1 = 0$, costs $5 and $6.\n',
      '$$\na \\\\\nb\n$$\n',
      'Visible %%hidden%% text.\n\n%%\nA comment\n\nover paragraphs\n%%\n',
      'A paragraph with an id ^abc-123\n',
      '<div class="video">\n<iframe src="https://example.com/v"></iframe>\n</div>\n\nPress <kbd>Ctrl</kbd> <span class="x">here</span>.\n',
      '![alt](img/a.png "Title") and ![[diagram.png|300]]\n',
      '[foo]: /url "title"\n',
    ]) {
      expect(roundTrip(markdown)).toBe(markdown);
    }
  });

  it('[MD2, MD12] a single newline stays a newline, and lines that would read as syntax stay text', () => {
    expect(roundTrip('first line\nsecond line\n')).toBe('first line\nsecond line\n');
    const [paragraph] = documentContentOfMarkdown('a\n\\- b\n\\# c\n1\\. d\n');
    expect(paragraph?.children).toEqual([{ type: 'text', text: 'a\n- b\n# c\n1. d', marks: {} }]);
    expect(roundTrip('a\n\\- b\n\\# c\n1\\. d\n')).toBe('a\n\\- b\n\\# c\n1\\. d\n');
  });

  it('[MD7, MD11] escapes stay only where they are needed: wikilink-like text, footnote labels, tags', () => {
    for (const markdown of [
      'See [[Properties]]: the list.\n',
      '\\[\\[escaped\\]\\] stays text\n',
      '\\#not-a-tag but #tag\n',
      'Footnote[^1].\n\n[^1]: Defined here.\n',
    ]) {
      expect(roundTrip(markdown)).toBe(markdown);
    }
  });

  it('[MD2] a loose (spaced) list stays a list and stays spaced', () => {
    const markdown = '- one\n\n- two\n\n1. first\n\n2. second\n\n- [ ] task\n\n- [x] done\n';
    const blocks = documentContentOfMarkdown(markdown);
    expect(blocks.map((block) => [block.type, block.attrs.loose])).toEqual([
      ['bulletList', true],
      ['orderedList', true],
      ['taskList', true],
    ]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('[MD12] a block the normal form cannot say is kept as typed, as a raw block', () => {
    // An image inside a link: the editor's atoms carry no marks, so the block is kept as its source.
    const markdown = '[![badge](https://example.com/b.svg)](https://example.com)\n';
    const [block] = documentContentOfMarkdown(markdown);
    expect(block?.type).toBe(RAW_BLOCK);
    expect(roundTrip(markdown)).toBe(markdown);
  });
});
