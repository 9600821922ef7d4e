import { Extension } from '@tiptap/core';
import { Fragment, type Node as ProseMirrorNode, Slice } from '@tiptap/pm/model';
import { Plugin, PluginKey, Selection, type Transaction } from '@tiptap/pm/state';
import { isInTable, handlePaste as pasteIntoCells, selectionCell } from '@tiptap/pm/tables';
import type { EditorView } from '@tiptap/pm/view';
import { fitsPastedTableLimits, tableOfTexts, tableSizeOf, tablesOf, withHeaderRows } from './pastedTable';
import { hasHeaderRow } from './tableCommands';
import { parseTabSeparated } from './tabSeparated';

// ProseMirror marks the HTML it puts on the clipboard: a table copied from a note keeps its header or lack of one.
const FROM_AN_EDITOR = 'data-pm-slice';

/** The clipboard's text as a range of cells: two columns at least (a tab), within the limits (TBL5). */
function rangeOf(text: string): string[][] | null {
  const rows = parseTabSeparated(text);
  const columns = rows[0]?.length ?? 0;
  return columns >= 2 && fitsPastedTableLimits(rows.length, columns) ? rows : null;
}

function dispatchPaste(view: EditorView, tr: Transaction): true {
  view.dispatch(tr.scrollIntoView().setMeta('paste', true).setMeta('uiEvent', 'paste'));
  return true;
}

/** As ProseMirror inserts a paste: one whole node replaces the selection, anything else fills it. */
function replaceSelection(view: EditorView, slice: Slice): Transaction {
  const { tr } = view.state;
  const single = slice.openStart === 0 && slice.openEnd === 0 && slice.content.childCount === 1;
  return single ? tr.replaceSelectionWith(slice.content.firstChild as ProseMirrorNode) : tr.replaceSelection(slice);
}

/**
 * TBL4: a range copied as text from a spreadsheet, pasted outside a table, is a table with a header row. The
 * caret ends in its last cell, as after typing it, not in whatever follows (the next table's toolbar would
 * then cover this one's last row).
 */
function pasteRangeAsTable(view: EditorView, text: string): boolean {
  const rows = rangeOf(text);
  if (!rows) return false;
  const tr = view.state.tr.replaceSelectionWith(tableOfTexts(view.state.schema, rows, true));
  const lastCellEnd = endOfInsertedTable(tr);
  if (lastCellEnd !== null) tr.setSelection(Selection.near(tr.doc.resolve(lastCellEnd), -1));
  return dispatchPaste(view, tr);
}

/** The position just inside the end of the table a transaction's last step inserted, if it did. */
function endOfInsertedTable(tr: Transaction): number | null {
  let end: number | null = null;
  tr.mapping.maps.at(-1)?.forEach((_oldStart, _oldEnd, newStart, newEnd) => {
    tr.doc.nodesBetween(newStart, newEnd, (node, pos) => {
      if (node.type.spec.tableRole === 'table' && pos >= newStart) end = pos + node.nodeSize - 1;
      return end === null;
    });
  });
  return end;
}

/**
 * TBL4: into a cell, the range fills the cells from there, as prosemirror-tables pastes copied cells (they
 * replace the cells, types and all): its first row stays a header row when it lands in one.
 */
function pasteRangeIntoCells(view: EditorView, event: ClipboardEvent, text: string): boolean {
  const rows = rangeOf(text);
  if (!rows) return false;
  const inHeader = selectionCell(view.state).nodeAfter?.type.name === 'tableHeader';
  const cells = new Slice(Fragment.from(tableOfTexts(view.state.schema, rows, inHeader)), 0, 0);
  return pasteIntoCells(view, event, cells);
}

/**
 * TBL4, TBL5: an HTML table pasted outside a table (a spreadsheet's `text/html`, a web page's table) gets its
 * first row as its header when it has none, unless it was copied from a note as it is; one beyond the limits
 * is pasted as its text.
 */
function pasteHtmlTables(view: EditorView, slice: Slice, text: string, html: string): boolean {
  const tables = tablesOf(slice);
  if (tables.some((table) => !fitsWithinLimits(table))) {
    view.pasteText(text || slice.content.textBetween(0, slice.content.size, '\n', '\n'));
    return true;
  }
  if (html.includes(FROM_AN_EDITOR) || tables.every(hasHeaderRow)) return false;
  return dispatchPaste(view, replaceSelection(view, withHeaderRows(slice)));
}

function fitsWithinLimits(table: ProseMirrorNode): boolean {
  const { rows, columns } = tableSizeOf(table);
  return fitsPastedTableLimits(rows, columns);
}

/** The paste handler: anything it doesn't take is pasted as Tiptap and prosemirror-tables do. */
export function handleTablePaste(view: EditorView, event: ClipboardEvent, slice: Slice): boolean {
  const { state } = view;
  // Code takes text as it is, tabs and all.
  if (state.selection.$from.parent.type.spec.code || !event.clipboardData) return false;
  const text = event.clipboardData.getData('text/plain');
  const html = event.clipboardData.getData('text/html');
  // Tables from HTML pasted into a cell are prosemirror-tables' own job (it fills the cells from the caret).
  if (isInTable(state)) return !html && pasteRangeIntoCells(view, event, text);
  if (tablesOf(slice).length > 0) return pasteHtmlTables(view, slice, text, html);
  // With HTML beside it, text with tabs is not a range (a code editor's copy, say): the HTML is pasted.
  return !html && pasteRangeAsTable(view, text);
}

/** Spreadsheet ranges and HTML tables pasted as tables (TBL4, TBL5). */
export const TablePaste = Extension.create({
  name: 'tablePaste',
  // Before the table plugin's own paste handling, which would paste a range as text into one cell.
  priority: 110,
  addProseMirrorPlugins() {
    return [new Plugin({ key: new PluginKey('tablePaste'), props: { handlePaste: handleTablePaste } })];
  },
});
