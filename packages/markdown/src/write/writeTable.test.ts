import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type EditorElement, type EditorNode, fingerprintOf } from '../model/editorModel';
import { documentContentOfMarkdown } from '../parse/parseMarkdown';
import { arbitraryText } from '../test/arbitraryBlocks';
import { markdownOfBlocks } from './writeMarkdown';

const text = (value: string, marks: Record<string, Record<string, unknown>> = {}): EditorNode => ({
  type: 'text',
  text: value,
  marks,
});
const paragraph = (...children: EditorNode[]): EditorElement => ({ type: 'paragraph', attrs: {}, children });
const cell = (type: string, align: string | null, ...children: EditorNode[]): EditorElement => ({
  type,
  attrs: align ? { align } : {},
  children: [paragraph(...children)],
});
const row = (...cells: EditorElement[]): EditorElement => ({ type: 'tableRow', attrs: {}, children: cells });

describe('GFM tables in Markdown (MD9)', () => {
  it('[MD9] a table with alignment, inline marks and escaped pipes becomes header and body cells', () => {
    // A `|` splits the row even inside a code span (as in GFM) unless it is escaped.
    const markdown = '| Item | Cost |\n| :-- | --: |\n| **Rent** \\| flat | `a\\|b` |\n| Food |\n';
    expect(documentContentOfMarkdown(markdown)).toEqual([
      {
        type: 'table',
        attrs: {},
        children: [
          row(cell('tableHeader', 'left', text('Item')), cell('tableHeader', 'right', text('Cost'))),
          row(
            cell('tableCell', 'left', text('Rent', { bold: {} }), text(' | flat')),
            cell('tableCell', 'right', text('a|b', { code: {} })),
          ),
          row(cell('tableCell', 'left', text('Food')), cell('tableCell', 'right')),
        ],
      },
    ]);
  });

  it('[MD9] tables are written in one normal form: padded rows, the header cell’s alignment, `<br>` for breaks', () => {
    const table: EditorElement = {
      type: 'table',
      attrs: {},
      children: [
        row(cell('tableHeader', 'center', text('a|b')), cell('tableHeader', null, text('c'))),
        row({
          type: 'tableCell',
          attrs: { align: 'center' },
          children: [paragraph(text('one')), paragraph(text('two'))],
        }),
      ],
    };
    const markdown = markdownOfBlocks([table]);
    expect(markdown).toBe('| a\\|b | c |\n| :-: | --- |\n| one<br>two |  |\n');
    expect(markdownOfBlocks(documentContentOfMarkdown(markdown))).toBe(markdown);
  });

  it('[MD9] a table without a header row is written under an empty one, and reads back without it', () => {
    const table: EditorElement = {
      type: 'table',
      attrs: {},
      children: [
        row(cell('tableCell', 'right', text('1')), cell('tableCell', null, text('one'))),
        row(cell('tableCell', 'right', text('2'))),
      ],
    };
    const markdown = markdownOfBlocks([table]);
    expect(markdown).toBe('|  |  |\n| --: | --- |\n| 1 | one |\n| 2 |  |\n');
    const back = documentContentOfMarkdown(markdown);
    expect(back.map(fingerprintOf)).toEqual([
      fingerprintOf({
        ...table,
        children: [
          table.children[0] as EditorElement,
          row(...((table.children[1] as EditorElement).children as EditorElement[]), cell('tableCell', null)),
        ],
      }),
    ]);
  });

  it('[MD9] an empty header row is kept when it is all the table has', () => {
    const markdown = '|  |  |\n| --- | --- |\n';
    const table = documentContentOfMarkdown(markdown)[0] as EditorElement;
    expect((table.children[0] as EditorElement).children.map((node) => node.type)).toEqual([
      'tableHeader',
      'tableHeader',
    ]);
    expect(markdownOfBlocks([table])).toBe(markdown);
  });

  it('[MD9] a line of pipes and dashes after a line with a pipe stays text, in a paragraph and in a cell', () => {
    const lines = paragraph(text('a | b'), { type: 'hardBreak', attrs: {}, children: [] }, text('-|-'));
    const table: EditorElement = { type: 'table', attrs: {}, children: [row(cell('tableHeader', null, text('-|-')))] };
    for (const blocks of [[lines], [table]]) {
      const back = documentContentOfMarkdown(markdownOfBlocks(blocks));
      expect(back.map(fingerprintOf)).toEqual(blocks.map(fingerprintOf));
    }
  });

  it('[MD9] document → Markdown → document is the identity for tables of any text and alignment', () => {
    const alignments = fc.array(fc.constantFrom(null, 'left', 'center', 'right'), { minLength: 1, maxLength: 4 });
    const texts = fc.array(arbitraryText(10), { minLength: 12, maxLength: 12 });
    fc.assert(
      fc.property(
        alignments,
        fc.integer({ min: 0, max: 2 }),
        texts,
        fc.boolean(),
        (aligns, bodyRows, words, headed) => {
          const rowOf = (index: number, type: string) =>
            row(...aligns.map((align, column) => cell(type, align, text(words[index * 4 + column] as string))));
          const table: EditorElement = {
            type: 'table',
            attrs: {},
            children: [
              rowOf(0, headed ? 'tableHeader' : 'tableCell'),
              ...Array.from({ length: bodyRows }, (_, r) => rowOf(r + 1, 'tableCell')),
            ],
          };
          const back = documentContentOfMarkdown(markdownOfBlocks([table]));
          expect(back.map(fingerprintOf)).toEqual([fingerprintOf(table)]);
        },
      ),
      { numRuns: 500 },
    );
  });
});
