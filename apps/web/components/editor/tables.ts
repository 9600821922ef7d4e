import { Extension } from '@tiptap/core';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { caretAtParagraphEnd } from './caretAtParagraphEnd';
import { columnAlignmentPlugin } from './table/columnAlignment';
import { TableGrips } from './table/tableGrips';
import { TablePaste } from './table/tablePaste';

const ALIGNMENTS = new Set(['left', 'center', 'right']);

// A column's alignment (core's MD9 `align`), kept on each cell as GFM's delimiter row says it.
const alignAttribute = {
  align: {
    default: null,
    parseHTML: (element: HTMLElement) => (ALIGNMENTS.has(element.style.textAlign) ? element.style.textAlign : null),
    renderHTML: (attributes: Record<string, unknown>) =>
      attributes.align ? { style: `text-align: ${String(attributes.align)}` } : {},
  },
};

const AlignedCell = TableCell.extend({
  addAttributes() {
    return { ...this.parent?.(), ...alignAttribute };
  },
});

const AlignedHeader = TableHeader.extend({
  addAttributes() {
    return { ...this.parent?.(), ...alignAttribute };
  },
});

// A GFM header row typed on a line of its own: `| Item | Cost |`.
const HEADER_ROW_TYPED = /^\s*\|(?:[^|\n]*\|){1,20}\s*$/;

/**
 * Enter at the end of a typed header row (`| Item | Cost |`) makes a table with that header and one empty
 * row, the caret in its first cell, as Markdown editors do. Tab and Shift-Tab move between cells, and Tab in
 * the last cell adds a row (Tiptap's table keymap).
 */
const TableFromHeaderRow = Extension.create({
  name: 'tableFromHeaderRow',
  addKeyboardShortcuts() {
    return {
      Enter: ({ editor }) => {
        const $from = caretAtParagraphEnd(editor.state);
        const paragraph = $from?.parent;
        if (!$from || !paragraph || editor.isActive('table') || !HEADER_ROW_TYPED.test(paragraph.textContent))
          return false;
        const names = paragraph.textContent
          .trim()
          .slice(1, -1)
          .split('|')
          .map((name) => name.trim());
        const { schema } = editor.state;
        const cellOf = (type: 'tableHeader' | 'tableCell', name: string): ProseMirrorNode =>
          schema.nodes[type]?.create(
            null,
            schema.nodes.paragraph?.create(null, name ? schema.text(name) : null),
          ) as ProseMirrorNode;
        const table = schema.nodes.table?.create(null, [
          schema.nodes.tableRow?.create(
            null,
            names.map((name) => cellOf('tableHeader', name)),
          ) as ProseMirrorNode,
          schema.nodes.tableRow?.create(
            null,
            names.map(() => cellOf('tableCell', '')),
          ) as ProseMirrorNode,
        ]);
        if (!table) return false;
        const start = $from.before();
        const tr = editor.state.tr.replaceWith(start, $from.after(), table);
        // Into the body row's first cell: table, header row and its cells, body row, cell, paragraph.
        const headerRow = table.child(0);
        tr.setSelection(TextSelection.create(tr.doc, start + 1 + headerRow.nodeSize + 3));
        editor.view.dispatch(tr.scrollIntoView());
        return true;
      },
    };
  },
});

// TBL2: every cell aligned as its column, whatever added it.
const ColumnAlignment = Extension.create({
  name: 'columnAlignment',
  addProseMirrorPlugins() {
    return [columnAlignmentPlugin()];
  },
});

/**
 * GFM tables: header row, alignment per column, inline marks in cells (MD9); spreadsheet ranges and HTML
 * tables pasted as tables (TBL4); grips that select a row or a column (TBL1), over which `TableToolbar`, beside
 * the editor, shows.
 */
export const tableExtensions = [
  Table.configure({ resizable: false }),
  TableRow,
  AlignedHeader,
  AlignedCell,
  TableFromHeaderRow,
  ColumnAlignment,
  TablePaste,
  TableGrips,
];
