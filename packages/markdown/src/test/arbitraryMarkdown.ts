import fc from 'fast-check';

// Test support for MD12: Markdown as people and other tools write it, every construct Baalda reads, in more
// than one spelling, with text that only sometimes is syntax.
const WORDS = ['plan', 'Über', 'a_b', 'x*y', '2 * 3', '#tag', '#nested/tag', '\\#not-a-tag', 'C:\\path', '😀'];
const INLINE = [
  '*em*',
  '_em_',
  '**strong**',
  '__strong__',
  '~~gone~~',
  '==marked==',
  '`code`',
  '``a ` b``',
  '[link](https://example.com/a "Title")',
  '<https://example.com>',
  '[[Roadmap]]',
  '[[Plans/Q3 plan#Goals|the plan]]',
  '[[Note#^block1]]',
  '[[Properties]]:',
  '![[diagram.png|300]]',
  '![[doc.pdf#page=3]]',
  '![alt](img/a.png)',
  '$e^{i\\pi} + 1 = 0$',
  '$$\\sum_i x_i$$',
  '%%hidden%%',
  'text[^1]',
  '^[inline note]',
  '<span class="hl">span</span>',
  '<kbd>Ctrl</kbd>',
  '\\[\\[not a link\\]\\]',
  '\\*not em\\*',
  '$5 and $6',
  '100%',
  'a [^x](y)',
  '1. not a list',
  '- not a list',
  '| pipe',
  '&amp; &copy;',
  '**[[Settings]]**',
  '**[[Settings]] → Editor**',
  '*![[diagram.png]] shown*',
  '**`Ctrl+P`**',
  '[`code` in a link](https://example.com/c)',
  '**[bold link](https://example.com/b)**:',
  '==$x$ marked==',
] as const;

const inlineText = fc
  .array(fc.constantFrom<string>(...WORDS, ...INLINE), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join(' '));

// A paragraph: lines joined by single newlines (soft breaks) or hard breaks, maybe ending in a block id.
const paragraphText = fc
  .tuple(fc.array(inlineText, { minLength: 1, maxLength: 3 }), fc.constantFrom('\n', '\\\n', '  \n'), fc.boolean())
  .map(([lines, join, blockId]) => `${lines.join(join)}${blockId ? ' ^abc-123' : ''}`);

const heading = fc
  .tuple(fc.integer({ min: 1, max: 6 }), inlineText)
  .map(([level, text]) => `${'#'.repeat(level)} ${text}`);

const list = fc
  .tuple(
    fc.constantFrom('- ', '* ', '+ ', '1. ', '1) ', '- [ ] ', '- [x] '),
    fc.array(paragraphText, { minLength: 1, maxLength: 3 }),
    fc.boolean(),
  )
  .map(([marker, items, loose]) => {
    const indent = ' '.repeat(marker.replace(/\[.\] $/, '').length);
    const written = items.map((item) => `${marker}${item.replace(/\n/g, `\n${indent}`)}`);
    return written.join(loose ? '\n\n' : '\n');
  });

// A quote or a callout; a callout's body right under its head or after a blank `>` line.
const quote = fc
  .tuple(
    fc.constantFrom('', '[!tip] Custom title', '[!example]', '[!faq]- Folded', '[!NOTE]+'),
    paragraphText,
    fc.constantFrom('', '>\n', '> \n'),
  )
  .map(([head, body, gap]) => (head ? `> ${head}\n${gap}` : '') + body.replace(/^/gm, '> '));

const fixedBlocks = fc.constantFrom(
  '```ts\nconst x = 1;\n```',
  '~~~\ntilde fence\n~~~',
  '    indented code',
  '---',
  '***',
  'Setext\n======',
  '| a | b |\n| :-- | --: |\n| 1 | `x \\| y` |',
  'a | b\n-- | --\nc | **d**',
  '<div class="video">\n<iframe src="https://example.com/v"></iframe>\n</div>',
  '<details>\n<summary>More</summary>\nHidden.\n</details>',
  '<!-- comment -->',
  '$$\n\\begin{aligned} a &= b \\\\\nc &= d\n\\end{aligned}\n$$',
  '%%\nA comment\n\nover paragraphs\n%%',
  '[^1]: A footnote with *emphasis*.',
  '[^long]: First line.\n\n    Second paragraph.',
  '[ref]: https://example.com/ref "Ref"',
  '[use a ref][ref]',
);

/** Random Markdown notes: front matter or not, then blocks of every construct, separated as typed. */
export const arbitraryMarkdownNote: fc.Arbitrary<string> = fc
  .tuple(
    fc.option(fc.constantFrom('tags: [a, b]\naliases:\n  - One', 'title: x'), { nil: null }),
    fc.array(fc.oneof(paragraphText, heading, list, quote, fixedBlocks), { minLength: 1, maxLength: 6 }),
    fc.constantFrom('\n\n', '\n\n\n'),
  )
  .map(([frontMatter, blocks, separator]) => {
    const body = `${blocks.join(separator)}\n`;
    return frontMatter === null ? body : `---\n${frontMatter}\n---\n${body}`;
  });
