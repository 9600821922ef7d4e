import type { CommandProps } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { EditorState } from '@tiptap/pm/state';
import { isInTable, selectedRect, type TableRect } from '@tiptap/pm/tables';

/** A column's alignment, as GFM's delimiter row says it (core's MD9); null is none. */
export type ColumnAlignment = 'left' | 'center' | 'right' | null;

/** What these commands use of Tiptap's command props, so they can be run on a bare state too. */
export type TableCommandProps = Pick<CommandProps, 'state' | 'tr' | 'dispatch'>;

/** What the table toolbar shows for the selection: nothing outside a table. */
export interface TableAtSelection {
  /** The alignment of the (first) column the selection is in. */
  readonly alignment: ColumnAlignment;
  /** True when the first row is a header row (core writes it as the Markdown table's header). */
  readonly headerRow: boolean;
}

/** The table around the selection as the table toolbar shows it, or null outside a table. */
export function tableAtSelection(state: EditorState): TableAtSelection | null {
  if (!isInTable(state)) return null;
  const rect = selectedRect(state);
  return {
    alignment: alignmentOf(rect.table.nodeAt(rect.map.map[rect.left] ?? -1)),
    headerRow: hasHeaderRow(rect.table),
  };
}

/** True when a table's first row holds a header cell: core writes such a row as the GFM header (MD9). */
export function hasHeaderRow(table: ProseMirrorNode): boolean {
  let headed = false;
  table.firstChild?.forEach((cell) => {
    if (cell.type.name === 'tableHeader') headed = true;
  });
  return headed;
}

/** A cell's `align`, when it is one GFM can say. */
export function alignmentOf(cell: ProseMirrorNode | null | undefined): ColumnAlignment {
  const align = cell?.attrs.align;
  return align === 'left' || align === 'center' || align === 'right' ? align : null;
}

/** Sets the alignment of every cell of the columns the selection spans (GFM aligns whole columns). */
export function setColumnAlignment(alignment: ColumnAlignment) {
  return ({ state, tr, dispatch }: TableCommandProps): boolean => {
    if (!isInTable(state)) return false;
    const rect = selectedRect(state);
    if (dispatch) {
      for (const pos of cellPositionsOfColumns(rect, rect.left, rect.right)) {
        if (alignmentOf(tr.doc.nodeAt(pos)) !== alignment) tr.setNodeAttribute(pos, 'align', alignment);
      }
    }
    return true;
  };
}

/**
 * Makes the first row a header row, or a row of plain cells when it is one. Tiptap's own toggle asks whether
 * every cell is a header; this asks what core asks (any one is), so the button and the Markdown agree.
 */
export function toggleHeaderRow({ state, tr, dispatch }: TableCommandProps): boolean {
  if (!isInTable(state)) return false;
  const { table, tableStart } = selectedRect(state);
  const { tableCell, tableHeader } = state.schema.nodes;
  const firstRow = table.firstChild;
  if (!tableCell || !tableHeader || !firstRow) return false;
  const type = hasHeaderRow(table) ? tableCell : tableHeader;
  if (dispatch) {
    // The first row starts right after the table's start; its cells after the row's own opening.
    firstRow.forEach((cell, offset) => {
      if (cell.type !== type) tr.setNodeMarkup(tableStart + 1 + offset, type, cell.attrs, cell.marks);
    });
  }
  return true;
}

/** Document positions of the cells in columns `left` to `right` (exclusive), each once. */
export function cellPositionsOfColumns(rect: Pick<TableRect, 'map' | 'tableStart'>, left: number, right: number) {
  const { map, tableStart } = rect;
  const positions = new Set<number>();
  for (let row = 0; row < map.height; row++) {
    for (let column = left; column < right; column++) {
      positions.add(tableStart + (map.map[row * map.width + column] as number));
    }
  }
  return [...positions];
}
