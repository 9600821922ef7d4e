import type { Token } from 'markdown-it';
import type { EditorElement, EditorNode } from '../model/editorModel';
import { parseInlineTokens } from './parseInline';

/** A column's alignment as GFM's delimiter row says it; null is none. */
export type ColumnAlignment = 'left' | 'center' | 'right' | null;

/** The alignments GFM's delimiter row can say. */
export const ALIGNMENTS: ReadonlySet<string> = new Set(['left', 'center', 'right']);

/**
 * MD9: a GFM table from markdown-it's tokens (`table_open` at `start`), as Tiptap's table nodes: the header
 * row's cells are `tableHeader`s, the others `tableCell`s, each holding one paragraph; a column's alignment
 * is on each of its cells (`align`). A header row with nothing in it, above a body, is how a table without
 * one is written, so it is dropped. Returns the table and the index of its `table_close`.
 */
export function tableOf(tokens: readonly Token[], start: number): { table: EditorElement; end: number } {
  const rows: EditorElement[] = [];
  let cells: EditorElement[] = [];
  let index = start + 1;
  for (; index < tokens.length; index++) {
    const token = tokens[index] as Token;
    if (token.type === 'table_close') break;
    if (token.type === 'tr_close') {
      rows.push({ type: 'tableRow', attrs: {}, children: cells });
      cells = [];
    } else if (token.type === 'th_open' || token.type === 'td_open') {
      const inline = tokens[index + 1];
      cells.push(cellOf(token.type === 'th_open' ? 'tableHeader' : 'tableCell', alignmentOf(token), inline));
      index += 2;
    }
  }
  const headless = rows.length > 1 && isBlankRow(rows[0] as EditorElement);
  return { table: { type: 'table', attrs: {}, children: headless ? rows.slice(1) : rows }, end: index };
}

function isBlankRow(row: EditorElement): boolean {
  return row.children.every((cell) => 'children' in cell && cell.children.every(isBlankParagraph));
}

function isBlankParagraph(block: EditorNode): boolean {
  return 'children' in block && block.children.length === 0;
}

function alignmentOf(token: Token): ColumnAlignment {
  const align = /text-align:\s*(\w+)/.exec(String(token.attrGet('style') ?? ''))?.[1] ?? '';
  return ALIGNMENTS.has(align) ? (align as ColumnAlignment) : null;
}

function cellOf(type: string, align: ColumnAlignment, inline: Token | undefined): EditorElement {
  const children = inline?.type === 'inline' ? parseInlineTokens(inline.children ?? []) : [];
  return { type, attrs: align ? { align } : {}, children: [{ type: 'paragraph', attrs: {}, children }] };
}
