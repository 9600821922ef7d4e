import { Extension } from '@tiptap/core';
import { type EditorState, Plugin, PluginKey, TextSelection } from '@tiptap/pm/state';
import { CellSelection, isInTable, selectedRect, type TableRect } from '@tiptap/pm/tables';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';

type GripKind = 'row' | 'column';

/** Selects the whole row or column of the cell at `cellPos`, which shows the table toolbar (TBL1). */
function selectLine(view: EditorView, cellPos: number, kind: GripKind): void {
  const $cell = view.state.doc.resolve(cellPos);
  const selection = kind === 'row' ? CellSelection.rowSelection($cell) : CellSelection.colSelection($cell);
  view.dispatch(view.state.tr.setSelection(selection));
  view.focus();
}

function gripElement(
  view: EditorView,
  getPos: () => number | undefined,
  kind: GripKind,
  index: number,
  selected: boolean,
) {
  const grip = document.createElement('button');
  grip.type = 'button';
  grip.className = `table-grip table-grip-${kind}`;
  grip.contentEditable = 'false';
  grip.tabIndex = -1;
  grip.setAttribute('aria-label', `Select ${kind} ${index + 1}`);
  grip.setAttribute('aria-pressed', String(selected));
  grip.addEventListener('mousedown', (event) => {
    // The caret stays in the note; the grip's own position says which cell it stands in.
    event.preventDefault();
    const pos = getPos();
    if (typeof pos === 'number' && view.editable) selectLine(view, pos - 1, kind);
  });
  return grip;
}

/** A grip at the start of a cell (inside it, before its paragraph), for its row or its column. */
function grip(cellPos: number, kind: GripKind, index: number, selected: boolean): Decoration {
  return Decoration.widget(cellPos + 1, (view, getPos) => gripElement(view, getPos, kind, index, selected), {
    side: -1,
    ignoreSelection: true,
    stopEvent: () => true,
    key: `${kind}-${index}-${selected}`,
  });
}

/** Which rows and columns the selection covers whole: their grips show as pressed. */
function wholeLinesOf(state: EditorState, rect: TableRect) {
  const { selection } = state;
  const rowsWhole = selection instanceof CellSelection && selection.isRowSelection();
  const columnsWhole = selection instanceof CellSelection && selection.isColSelection();
  return {
    isRowSelected: (row: number) => rowsWhole && row >= rect.top && row < rect.bottom,
    isColumnSelected: (column: number) => columnsWhole && column >= rect.left && column < rect.right,
  };
}

/** The grips of the table holding the selection: one per row in its first cell, one per column in the first row. */
export function gripsOf(state: EditorState): DecorationSet {
  if (!isInTable(state)) return DecorationSet.empty;
  const rect = selectedRect(state);
  const { map, tableStart } = rect;
  const { isRowSelected, isColumnSelected } = wholeLinesOf(state, rect);
  const decorations: Decoration[] = [];
  for (let row = 0; row < map.height; row++) {
    const cell = map.map[row * map.width] as number;
    // A cell spanning several rows carries the first one's grip only.
    if (row === 0 || cell !== map.map[(row - 1) * map.width]) {
      decorations.push(grip(tableStart + cell, 'row', row, isRowSelected(row)));
    }
  }
  for (let column = 0; column < map.width; column++) {
    const cell = map.map[column] as number;
    if (column === 0 || cell !== map.map[column - 1]) {
      decorations.push(grip(tableStart + cell, 'column', column, isColumnSelected(column)));
    }
  }
  return DecorationSet.create(state.doc, decorations);
}

/**
 * Grips for the table holding the caret (TBL1): a handle left of each row and above each column which selects
 * it whole, and so shows the table toolbar over it. Escape turns a selection of cells back into a caret.
 * Viewers see none (the styles hide them where the note can't be edited).
 */
export const TableGrips = Extension.create({
  name: 'tableGrips',
  addProseMirrorPlugins() {
    return [new Plugin({ key: new PluginKey('tableGrips'), props: { decorations: gripsOf } })];
  },
  addKeyboardShortcuts() {
    return {
      Escape: ({ editor }) => {
        const { selection } = editor.state;
        if (!(selection instanceof CellSelection)) return false;
        const inCell = TextSelection.near(selection.$headCell, 1);
        editor.view.dispatch(editor.state.tr.setSelection(inCell));
        return true;
      },
    };
  },
});
