import { getSchema } from '@tiptap/core';
import { Fragment, Slice } from '@tiptap/pm/model';
import StarterKit from '@tiptap/starter-kit';
import { describe, expect, it } from 'vitest';
import { tableExtensions } from '../tables';
import { fitsPastedTableLimits, tableOfTexts, tableSizeOf, tablesOf, withHeaderRows } from './pastedTable';
import { parseTabSeparated } from './tabSeparated';

const schema = getSchema([StarterKit.configure({ undoRedo: false, codeBlock: false }), ...tableExtensions]);

describe('pasted tables', () => {
  it('[TBL4] a range becomes a table of one paragraph per cell, its line breaks as breaks, the header first', () => {
    const table = tableOfTexts(schema, parseTabSeparated('Item\tNote\r\nRent\t"due\nmonthly"\r\n'), true);
    expect(table.toJSON()).toEqual({
      type: 'table',
      content: [
        {
          type: 'tableRow',
          content: [
            { type: 'tableHeader', attrs: expect.any(Object), content: [paragraph('Item')] },
            { type: 'tableHeader', attrs: expect.any(Object), content: [paragraph('Note')] },
          ],
        },
        {
          type: 'tableRow',
          content: [
            { type: 'tableCell', attrs: expect.any(Object), content: [paragraph('Rent')] },
            {
              type: 'tableCell',
              attrs: expect.any(Object),
              content: [
                {
                  type: 'paragraph',
                  content: [{ type: 'text', text: 'due' }, { type: 'hardBreak' }, { type: 'text', text: 'monthly' }],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(tableOfTexts(schema, [['', 'x']], false).firstChild?.firstChild?.toJSON()).toEqual({
      type: 'tableCell',
      attrs: expect.any(Object),
      content: [{ type: 'paragraph' }],
    });
  });

  it('[TBL4] a pasted table without a header row gets its first row as one; one with a header is kept', () => {
    const headless = tableOfTexts(
      schema,
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
      false,
    );
    const headed = tableOfTexts(schema, [['e', 'f']], true);
    const paragraphNode = schema.nodes.paragraph?.create(null, schema.text('after'));
    const slice = new Slice(Fragment.from([headless, headed, ...(paragraphNode ? [paragraphNode] : [])]), 0, 0);
    const result = withHeaderRows(slice);
    const tables = tablesOf(result);
    expect(tables).toHaveLength(2);
    expect(cellTypes(tables[0]?.toJSON())).toEqual([
      ['tableHeader', 'tableHeader'],
      ['tableCell', 'tableCell'],
    ]);
    expect(tables[1]?.eq(headed)).toBe(true);
    expect(result.content.lastChild?.textContent).toBe('after');
  });

  it('[TBL5] a range of at most 200 rows and 50 columns may be a table, counting merged cells by their span', () => {
    expect(fitsPastedTableLimits(200, 50)).toBe(true);
    expect(fitsPastedTableLimits(201, 2)).toBe(false);
    expect(fitsPastedTableLimits(2, 51)).toBe(false);
    const merged = schema.nodeFromJSON({
      type: 'table',
      content: [
        { type: 'tableRow', content: [{ type: 'tableCell', attrs: { colspan: 3 }, content: [{ type: 'paragraph' }] }] },
        { type: 'tableRow', content: [{ type: 'tableCell', content: [{ type: 'paragraph' }] }] },
      ],
    });
    expect(tableSizeOf(merged)).toEqual({ rows: 2, columns: 3 });
  });
});

function paragraph(text: string) {
  return { type: 'paragraph', content: [{ type: 'text', text }] };
}

function cellTypes(json: { content?: { content?: { type: string }[] }[] } | undefined): string[][] {
  return (json?.content ?? []).map((row) => (row.content ?? []).map((cell) => cell.type));
}
