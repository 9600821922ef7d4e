import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { applyMarkdownEdit } from './edit/applyMarkdownEdit';
import { type EditorElement, fingerprintOf, yNodesOf } from './model/editorModel';
import { EDITOR_FRAGMENT, extractPlainText } from './model/plainText';
import { documentContentOfMarkdown } from './parse/parseMarkdown';
import { arbitraryBlocks, arbitraryText } from './test/arbitraryBlocks';
import { markdownOfBlocks, markdownOfDocument } from './write/writeMarkdown';

// Every construct the editor has, written the way markdownOfDocument writes it (MD2's normal form).
const FIXTURE = `# Plans *for* 2025

## Level two

###### Level six

Plain text with **bold**, *italic*, ~~strike~~, <u>underline</u>, \`code\`, ***both*** and a [link](https://example.com/x "Title").\\
After a hard break, \\*stars\\*, \\_under\\_, [brackets], \\<tag>, # and 1. inline.

\\# not a heading

1\\. not a list

\\- not a bullet

- one
- two **bold**
  - nested
    - deeper
- &nbsp;

3. three
4. four

   second paragraph in four

- [ ] draft the ==budget==
- [x] book the room
  - [ ] a nested task
  - [x] &nbsp;

| Item | Cost |
| :-- | --: |
| **Rent** \\| flat | \`a\\|b\` |
| Food |  |

> quoted
>
> - inside a quote

> [!tip]- A *foldable* callout
> Its body.

\`\`\`\`ts
const fence = '\`\`\`';
\`\`\`\`

\`\`\`
plain code
\`\`\`

---

&nbsp;

Last paragraph.
`;

function docOf(markdown: string): Y.Doc {
  const doc = new Y.Doc();
  applyMarkdownEdit(doc, markdown);
  return doc;
}

function docOfBlocks(blocks: readonly EditorElement[]): Y.Doc {
  const doc = new Y.Doc();
  doc.getXmlFragment(EDITOR_FRAGMENT).insert(0, yNodesOf(blocks));
  return doc;
}

describe('Markdown conversion', () => {
  it('[MD1, MD2] a note with every construct the editor has round-trips exactly', () => {
    expect(markdownOfDocument(docOf(FIXTURE))).toBe(FIXTURE);
  });

  it('[MD1] parses into the node and mark names Tiptap writes to the fragment', () => {
    const xml = docOf(FIXTURE).getXmlFragment(EDITOR_FRAGMENT).toString();
    for (const name of ['heading', 'paragraph', 'bulletList', 'orderedList', 'listItem', 'blockquote']) {
      expect(xml).toContain(`<${name.toLowerCase()}`);
    }
    for (const name of ['codeBlock language="ts"', 'horizontalRule', 'hardBreak', 'bold', 'italic', 'strike']) {
      expect(xml).toContain(`<${name.toLowerCase()}`);
    }
    expect(xml).toContain('<link class="null" href="https://example.com/x" rel="noopener noreferrer nofollow"');
    expect(xml).toContain('<orderedlist start="3">');
  });

  it('[MD2] other spellings of the same constructs come out in the normal form', () => {
    const input = 'Title\n=====\n\n    indented code\n\n* a\n+ b\n\n1) x\n\n__strong__ _em_\nsoft break\n\n***\n';
    expect(markdownOfDocument(docOf(input))).toBe(
      '# Title\n\n```\nindented code\n```\n\n- a\n\n* b\n\n1. x\n\n**strong** *em*\nsoft break\n\n---\n',
    );
  });

  it('[MD1] reads a document built the way Tiptap builds it', () => {
    const doc = new Y.Doc();
    const fragment = doc.getXmlFragment(EDITOR_FRAGMENT);
    const heading = new Y.XmlElement('heading');
    heading.setAttribute('level', 2 as unknown as string);
    heading.insert(0, [new Y.XmlText('Notes')]);
    const paragraph = new Y.XmlElement('paragraph');
    const text = new Y.XmlText();
    text.insert(0, 'see ');
    text.insert(4, 'docs', { link: { href: 'https://d.io', target: '_blank', rel: 'x', class: null } });
    text.insert(8, ' now', { bold: {} });
    paragraph.insert(0, [text, new Y.XmlElement('hardBreak'), new Y.XmlText('line 2')]);
    const list = new Y.XmlElement('orderedList');
    list.setAttribute('start', 1 as unknown as string);
    const item = new Y.XmlElement('listItem');
    const itemParagraph = new Y.XmlElement('paragraph');
    itemParagraph.insert(0, [new Y.XmlText('first')]);
    item.insert(0, [itemParagraph]);
    list.insert(0, [item]);
    const code = new Y.XmlElement('codeBlock');
    code.insert(0, [new Y.XmlText('x = 1\n')]);
    // Tiptap's TrailingNode keeps an empty paragraph at the end.
    fragment.insert(0, [heading, paragraph, list, code, new Y.XmlElement('paragraph')]);
    expect(markdownOfDocument(doc)).toBe(
      '## Notes\n\nsee [docs](https://d.io) **now**\\\nline 2\n\n1. first\n\n```\nx = 1\n\n```\n',
    );
    expect(markdownOfDocument(new Y.Doc())).toBe('');
  });

  it('[MD2] text of any characters reads back unchanged from a paragraph, a heading, a list and a quote', () => {
    fc.assert(
      fc.property(arbitraryText(40), (text) => {
        const run = [{ type: 'text' as const, text, marks: {} }];
        const blocks: EditorElement[] = [
          { type: 'paragraph', attrs: {}, children: run },
          { type: 'heading', attrs: { level: 3 }, children: run },
          {
            type: 'bulletList',
            attrs: {},
            children: [{ type: 'listItem', attrs: {}, children: [{ type: 'paragraph', attrs: {}, children: run }] }],
          },
          { type: 'blockquote', attrs: {}, children: [{ type: 'paragraph', attrs: {}, children: run }] },
        ];
        const back = documentContentOfMarkdown(markdownOfBlocks(blocks));
        expect(back.map(fingerprintOf)).toEqual(blocks.map(fingerprintOf));
      }),
      { numRuns: 500 },
    );
  });

  it('[MD2] any blocks with any marks: Markdown → document → Markdown is stable and keeps every character', () => {
    fc.assert(
      fc.property(arbitraryBlocks(), (blocks) => {
        const markdown = markdownOfBlocks(blocks);
        const doc = docOf(markdown);
        expect(markdownOfDocument(doc)).toBe(markdown);
        expect(extractPlainText(doc).replace(/\s/g, '')).toBe(extractPlainText(docOfBlocks(blocks)).replace(/\s/g, ''));
      }),
      { numRuns: 300 },
    );
  });

  it('[MD3, MD11] HTML blocks and images keep their text, and search sees it', () => {
    const input = '<div>\nhello\n</div>\n\n![alt](pic.png)\n';
    const text = extractPlainText(docOf(input));
    for (const part of ['<div>', 'hello', '![alt](pic.png)']) {
      expect(text).toContain(part);
    }
  });

  // How fast is bench/hostileInputs.ts's to measure; here a blow-up shows as the suite's timeout.
  it('[MD3] hostile input: 100k characters, 500 nested lists and 100k quote markers finish and lose no text', () => {
    const long = 'word *x* [y](z) '.repeat(6250);
    expect(markdownOfDocument(docOf(long)).length).toBeGreaterThan(90_000);
    let nested = '';
    for (let level = 0; level < 500; level++) nested += `${'  '.repeat(level)}- item${level}\n`;
    const nestedText = extractPlainText(docOf(nested));
    for (const level of [0, 19, 20, 100, 499]) expect(nestedText).toContain(`item${level}`);
    const quotes = extractPlainText(docOf(`${'>'.repeat(100_000)} deep`));
    expect(quotes).toContain('deep');
    const depth = (node: EditorElement): number =>
      1 + Math.max(0, ...node.children.map((child) => ('children' in child ? depth(child) : 0)));
    expect(Math.max(...documentContentOfMarkdown(nested).map(depth))).toBeLessThanOrEqual(2 * 20 + 2);
  });
});
