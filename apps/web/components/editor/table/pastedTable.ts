import { Fragment, type Node as ProseMirrorNode, type Schema, Slice } from '@tiptap/pm/model';
import { hasHeaderRow } from './tableCommands';

/**
 * The largest range a paste makes into a table (TBL5). Every table edit (the toolbar, Tab, each keystroke's
 * alignment check, the table map behind them) walks the table's cells, so a paste of a whole sheet would make
 * typing in it slow for everyone who opens the note; beyond this the range is pasted as text, nothing lost.
 */
export const PASTED_TABLE_LIMITS = { rows: 200, columns: 50 } as const;

/** True when a range of `rows` × `columns` cells may be pasted as a table (TBL5). */
export function fitsPastedTableLimits(rows: number, columns: number): boolean {
  return rows <= PASTED_TABLE_LIMITS.rows && columns <= PASTED_TABLE_LIMITS.columns;
}

/** A table of a range's texts, the first row as its header when `headed`; a line break in a text is a break. */
export function tableOfTexts(schema: Schema, rows: readonly (readonly string[])[], headed: boolean): ProseMirrorNode {
  const { table, tableRow, tableHeader, tableCell } = schema.nodes;
  if (!table || !tableRow || !tableHeader || !tableCell) throw new Error('the schema has no tables');
  return table.create(
    null,
    rows.map((texts, index) =>
      tableRow.create(
        null,
        texts.map((text) => (headed && index === 0 ? tableHeader : tableCell).create(null, paragraphOf(schema, text))),
      ),
    ),
  );
}

function paragraphOf(schema: Schema, text: string): ProseMirrorNode {
  const { paragraph, hardBreak } = schema.nodes;
  if (!paragraph || !hardBreak) throw new Error('the schema has no paragraphs or breaks');
  const inline = text
    .split('\n')
    .flatMap((line, index) => [...(index > 0 ? [hardBreak.create()] : []), ...(line ? [schema.text(line)] : [])]);
  return paragraph.create(null, inline);
}

/** The tables at the top of a pasted slice, which a paste outside a table inserts as they are. */
export function tablesOf(slice: Slice): ProseMirrorNode[] {
  const tables: ProseMirrorNode[] = [];
  slice.content.forEach((node) => {
    if (node.type.spec.tableRole === 'table') tables.push(node);
  });
  return tables;
}

/** A table's size: its rows and its widest row's cells (merged cells counted by their span). */
export function tableSizeOf(table: ProseMirrorNode): { rows: number; columns: number } {
  let columns = 0;
  table.forEach((row) => {
    let width = 0;
    row.forEach((cell) => {
      width += Number(cell.attrs.colspan ?? 1);
    });
    columns = Math.max(columns, width);
  });
  return { rows: table.childCount, columns };
}

/** The slice with each of its top tables given a header row (its first row's cells as headers) if it has none. */
export function withHeaderRows(slice: Slice): Slice {
  const nodes: ProseMirrorNode[] = [];
  slice.content.forEach((node) => {
    nodes.push(node.type.spec.tableRole === 'table' && !hasHeaderRow(node) ? withFirstRowAsHeader(node) : node);
  });
  return new Slice(Fragment.from(nodes), slice.openStart, slice.openEnd);
}

function withFirstRowAsHeader(table: ProseMirrorNode): ProseMirrorNode {
  const header = table.type.schema.nodes.tableHeader;
  const first = table.firstChild;
  if (!header || !first) return table;
  const cells: ProseMirrorNode[] = [];
  first.forEach((cell) => {
    cells.push(header.create(cell.attrs, cell.content, cell.marks));
  });
  return table.copy(table.content.replaceChild(0, first.copy(Fragment.from(cells))));
}
