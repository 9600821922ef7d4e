import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { applyMarkdownEdit } from '../edit/applyMarkdownEdit';
import type { EditorElement } from '../model/editorModel';
import { documentContentOfMarkdown } from '../parse/parseMarkdown';
import { markdownOfBlocks, markdownOfDocument } from './writeMarkdown';

function roundTrip(markdown: string): string {
  const doc = new Y.Doc();
  applyMarkdownEdit(doc, markdown);
  return markdownOfDocument(doc);
}

function paragraphOf(text: string): EditorElement {
  return { type: 'paragraph', attrs: {}, children: [{ type: 'text', text, marks: {} }] };
}

// What people type in Obsidian and other Markdown editors, none of which is syntax to markdown-it.
const WRITTEN_AS_TYPED = [
  'See [[Other note]], [[Other note|an alias]] and [[Other note#Heading]].',
  '![[diagram.png]] and ![[Other note]]',
  '#tag at the start, #nested/tag and #tag_with_underscores',
  'snake_case_name, file_1.txt and my_var_2',
  '3 > 2, a < b, 5 * 3 = 15, 1 + 1 = 2 and 10 - 3',
  'C:\\Users\\me and \\n in a regex',
  'An image kept as text: ![a diagram](attachments/diagram.png) and ![](x.png)',
  'Autolinks: <https://example.com/a_b> and <me@example.org>',
  'a ~tilde~ here, [x] checked, [ ] open, [^1] footnote-ish',
  '2024.12.31 was a Tuesday',
  '--flag and -- dashes',
  '> [!note] A callout',
  '- [ ] a task\n- [x] a done task',
  '# Heading with #tag and C# in it',
];

describe('Markdown escaping (MD7)', () => {
  it('[MD7] typical Obsidian text round-trips exactly as typed', () => {
    for (const markdown of WRITTEN_AS_TYPED) expect(roundTrip(`${markdown}\n`)).toBe(`${markdown}\n`);
  });

  it('[MD7] text that would read back as syntax is still escaped, and only there', () => {
    const cases: Array<[string, string]> = [
      ['[a](b) is not a link', '[a\\](b) is not a link'],
      ['[ref]: not a definition', '[ref\\]: not a definition'],
      ['*not em* and _not em_ and __not strong__', '\\*not em\\* and \\_not em\\_ and \\_\\_not strong\\_\\_'],
      ['<b>not html</b> and <https://x.org>', '\\<b>not html\\</b> and \\<https://x.org>'],
      ['~~not struck~~', '\\~\\~not struck\\~\\~'],
      ['`not code`', '\\`not code\\`'],
      ['# not a heading', '\\# not a heading'],
      ['- not a bullet', '\\- not a bullet'],
      ['1. not a list', '1\\. not a list'],
      ['> not a quote', '\\> not a quote'],
      ['---', '\\---'],
      ['ends in a backslash \\', 'ends in a backslash \\\\'],
      ['![a](b "title") keeps its title as text', '![a\\](b "title") keeps its title as text'],
    ];
    for (const [text, written] of cases) {
      const markdown = markdownOfBlocks([paragraphOf(text)]);
      expect(markdown).toBe(`${written}\n`);
      expect(documentContentOfMarkdown(markdown)).toEqual([paragraphOf(text)]);
    }
  });

  it('[MD7] regression: an image-like text holding a backtick stays escaped, or a code span could cross it', () => {
    const text = '![`a](b) then `';
    const markdown = markdownOfBlocks([paragraphOf(text)]);
    expect(markdown).toBe('![\\`a\\](b) then \\`\n');
    expect(documentContentOfMarkdown(markdown)).toEqual([paragraphOf(text)]);
  });

  it('[MD7] a link whose text is its address is an autolink; any other link is not', () => {
    const link = (href: string, title: string | null = null) => ({
      link: { href, target: '_blank', rel: 'noopener noreferrer nofollow', class: null, title },
    });
    const block: EditorElement = {
      type: 'paragraph',
      attrs: {},
      children: [
        { type: 'text', text: 'https://x.org/a_b', marks: link('https://x.org/a_b') },
        { type: 'text', text: ' ', marks: {} },
        { type: 'text', text: 'me@x.org', marks: link('mailto:me@x.org') },
        { type: 'text', text: ' ', marks: {} },
        { type: 'text', text: 'https://x.org', marks: link('https://x.org', 'titled') },
      ],
    };
    const markdown = markdownOfBlocks([block]);
    expect(markdown).toBe('<https://x.org/a_b> <me@x.org> [https://x.org](https://x.org "titled")\n');
    expect(markdownOfBlocks(documentContentOfMarkdown(markdown))).toBe(markdown);
  });

  it('[MD7] a link keeps brackets in its text escaped', () => {
    const link = {
      href: 'https://x.org',
      target: '_blank',
      rel: 'noopener noreferrer nofollow',
      class: null,
      title: null,
    };
    const block: EditorElement = {
      type: 'paragraph',
      attrs: {},
      children: [{ type: 'text', text: 'see [[x]]', marks: { link } }],
    };
    expect(markdownOfBlocks([block])).toBe('[see \\[\\[x\\]\\]](https://x.org)\n');
  });

  it('[MD7] Markdown written before MD7, with every bracket escaped, still reads as the same text', () => {
    // Text that would read back as a note link (LNK2) stays fully escaped, and an escaped tag stays one (MD11).
    expect(roundTrip('\\[\\[Other note\\]\\] \\<tag\\> snake\\_case \\#tag\n')).toBe(
      '\\[\\[Other note\\]\\] \\<tag> snake_case \\#tag\n',
    );
  });
});
