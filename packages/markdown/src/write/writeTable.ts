import { type EditorElement, type EditorNode, isEditorText } from '../model/editorModel';
import { ALIGNMENTS, type ColumnAlignment } from '../parse/parseTable';
import { renderInline } from './writeInline';

/**
 * MD9: a table as GFM writes it: a header row, the delimiter row with each column's alignment (the first
 * row's cell's), then the body; every row has the widest row's number of cells. A first row with no header
 * cell is not a header: GFM has no table without one, so an empty header row goes above it. A cell's
 * paragraphs are joined by `<br>`, as are its hard breaks; other blocks in a cell (a list, say) give their
 * text. `|` is `\|`.
 */
export function renderTable(table: EditorElement): string {
  const rows = elementsOf(table).filter((row) => row.type === 'tableRow');
  const first = rows[0];
  if (!first) return '';
  const width = Math.max(1, ...rows.map((row) => elementsOf(row).length));
  const alignments = Array.from({ length: width }, (_, column) => alignOf(elementsOf(first)[column]));
  const headed = elementsOf(first).some((cell) => cell.type === 'tableHeader');
  const lines = [
    headed ? rowLine(first, width) : cellsLine(Array.from({ length: width }, () => '')),
    `| ${alignments.map(delimiterOf).join(' | ')} |`,
    ...(headed ? rows.slice(1) : rows).map((row) => rowLine(row, width)),
  ];
  return lines.join('\n');
}

function elementsOf(node: EditorElement): EditorElement[] {
  return node.children.filter((child): child is EditorElement => !isEditorText(child));
}

function alignOf(cell: EditorElement | undefined): ColumnAlignment {
  const align = cell?.attrs.align;
  return typeof align === 'string' && ALIGNMENTS.has(align) ? (align as ColumnAlignment) : null;
}

function delimiterOf(alignment: ColumnAlignment): string {
  if (alignment === 'left') return ':--';
  if (alignment === 'center') return ':-:';
  if (alignment === 'right') return '--:';
  return '---';
}

function rowLine(row: EditorElement, width: number): string {
  const cells = elementsOf(row);
  return cellsLine(Array.from({ length: width }, (_, column) => cellMarkdown(cells[column])));
}

function cellsLine(texts: readonly string[]): string {
  return `| ${texts.join(' | ')} |`;
}

// `<br>`s join a cell's lines because a table row is one line; an empty cell is left empty.
function cellMarkdown(cell: EditorElement | undefined): string {
  if (!cell) return '';
  const inline: EditorNode[] = [];
  for (const block of textBlocksOf(cell)) {
    if (inline.length > 0) inline.push({ type: 'hardBreak', attrs: {}, children: [] });
    inline.push(...block.children);
  }
  return escapePipes(renderInline(inline, true));
}

// The paragraphs and headings of a cell at any depth, in order.
function textBlocksOf(node: EditorElement): EditorElement[] {
  if (node.children.some(isEditorText) || node.type === 'paragraph' || node.type === 'heading') return [node];
  return elementsOf(node).flatMap(textBlocksOf);
}

// GFM splits a row at every `|` not preceded by a backslash, inside code spans too, and drops that backslash.
function escapePipes(markdown: string): string {
  return markdown.replace(/\|/g, '\\|');
}
