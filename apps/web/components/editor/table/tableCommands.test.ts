import { getSchema } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { EditorState, TextSelection, type Transaction } from '@tiptap/pm/state';
import { addColumnAfter, addRowAfter, CellSelection, deleteRow } from '@tiptap/pm/tables';
import StarterKit from '@tiptap/starter-kit';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import { describe, expect, it } from 'vitest';
import { tableExtensions } from '../tables';
import { columnAlignmentPlugin } from './columnAlignment';
import { setColumnAlignment, type TableCommandProps, tableAtSelection, toggleHeaderRow } from './tableCommands';
import { gripsOf } from './tableGrips';

const schema = getSchema([StarterKit.configure({ undoRedo: false, codeBlock: false }), ...tableExtensions]);

type CellJson = [type: 'tableHeader' | 'tableCell', text: string, align?: string];

function tableDoc(rows: CellJson[][]): ProseMirrorNode {
  const cellOf = ([type, text, align]: CellJson) => ({
    type,
    attrs: align ? { align } : {},
    content: [{ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] }],
  });
  return schema.nodeFromJSON({
    type: 'doc',
    content: [{ type: 'table', content: rows.map((cells) => ({ type: 'tableRow', content: cells.map(cellOf) })) }],
  });
}

/** A state with the caret in the cell whose text is `text`. */
function stateInCell(doc: ProseMirrorNode, text: string): EditorState {
  let caret = -1;
  doc.descendants((node, pos) => {
    if (node.isText && node.text === text) caret = pos;
    return caret < 0;
  });
  const state = EditorState.create({ doc, plugins: [columnAlignmentPlugin()] });
  return state.apply(state.tr.setSelection(TextSelection.create(doc, caret)));
}

function run(state: EditorState, command: (props: TableCommandProps) => boolean): EditorState {
  const tr = state.tr;
  expect(command({ state, tr, dispatch: () => undefined })).toBe(true);
  return state.apply(tr);
}

/** Each row's cells as [type, text, align]. */
function cellsOf(state: EditorState): string[][] {
  const rows: string[][] = [];
  state.doc.firstChild?.forEach((row) => {
    const cells: string[] = [];
    row.forEach((cell) => {
      cells.push(`${cell.type.name === 'tableHeader' ? 'th' : 'td'}:${cell.textContent}:${cell.attrs.align ?? '-'}`);
    });
    rows.push(cells);
  });
  return rows;
}

const PRICES: CellJson[][] = [
  [
    ['tableHeader', 'Item'],
    ['tableHeader', 'Cost'],
  ],
  [
    ['tableCell', 'Rent'],
    ['tableCell', '1200'],
  ],
];

/** Runs a prosemirror-tables command on a state, through its plugins (appendTransaction). */
function runTables(state: EditorState, command: (state: EditorState, dispatch: (tr: Transaction) => void) => boolean) {
  let next = state;
  command(state, (tr) => {
    next = state.applyTransaction(tr).state;
  });
  return next;
}

describe('table commands', () => {
  it('[TBL1] a column’s alignment is set on each of its cells, cleared with null, and shown for the caret', () => {
    let state = stateInCell(tableDoc(PRICES), '1200');
    expect(tableAtSelection(state)).toEqual({ alignment: null, headerRow: true });
    state = run(state, setColumnAlignment('right'));
    expect(cellsOf(state)).toEqual([
      ['th:Item:-', 'th:Cost:right'],
      ['td:Rent:-', 'td:1200:right'],
    ]);
    expect(tableAtSelection(state)).toEqual({ alignment: 'right', headerRow: true });
    state = run(state, setColumnAlignment(null));
    expect(cellsOf(state)[1]).toEqual(['td:Rent:-', 'td:1200:-']);
  });

  it('[TBL1] a selection of cells aligns every column it spans', () => {
    const state = stateInCell(tableDoc(PRICES), 'Rent');
    // The table's content starts at 1, its first row's at 2: the header cells are at 2 and after the first.
    const secondCell = 2 + (state.doc.firstChild?.firstChild?.firstChild?.nodeSize ?? 0);
    const selected = state.apply(state.tr.setSelection(CellSelection.create(state.doc, 2, secondCell)));
    expect(cellsOf(run(selected, setColumnAlignment('center')))).toEqual([
      ['th:Item:center', 'th:Cost:center'],
      ['td:Rent:center', 'td:1200:center'],
    ]);
  });

  it('[TBL1, MD9] the header row toggles off and on, as core reads it: any header cell in the first row', () => {
    let state = stateInCell(tableDoc(PRICES), 'Rent');
    state = run(state, toggleHeaderRow);
    expect(cellsOf(state)[0]).toEqual(['td:Item:-', 'td:Cost:-']);
    expect(tableAtSelection(state)?.headerRow).toBe(false);
    state = run(state, toggleHeaderRow);
    expect(cellsOf(state)[0]).toEqual(['th:Item:-', 'th:Cost:-']);
    const mixed = stateInCell(
      tableDoc([
        [
          ['tableHeader', 'a'],
          ['tableCell', 'b'],
        ],
      ]),
      'b',
    );
    expect(tableAtSelection(mixed)?.headerRow).toBe(true);
    expect(cellsOf(run(mixed, toggleHeaderRow))).toEqual([['td:a:-', 'td:b:-']]);
  });

  it('[TBL1] outside a table the commands do nothing and the toolbar has no table', () => {
    const doc = schema.nodeFromJSON({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }] }],
    });
    const state = EditorState.create({ doc });
    expect(tableAtSelection(state)).toBeNull();
    expect(setColumnAlignment('left')({ state, tr: state.tr, dispatch: undefined })).toBe(false);
    expect(toggleHeaderRow({ state, tr: state.tr, dispatch: undefined })).toBe(false);
  });
});

describe('cells keep their column’s alignment', () => {
  const aligned: CellJson[][] = [
    [
      ['tableHeader', 'Item', 'left'],
      ['tableHeader', 'Cost', 'right'],
    ],
    [
      ['tableCell', 'Rent', 'left'],
      ['tableCell', '1200', 'right'],
    ],
  ];

  it('[TBL2] a row or a column added here takes its columns’ alignment', () => {
    let state = runTables(stateInCell(tableDoc(aligned), '1200'), addRowAfter);
    expect(cellsOf(state)[2]).toEqual(['td::left', 'td::right']);
    state = runTables(state, addColumnAfter);
    expect(cellsOf(state).map((row) => row[2])).toEqual(['th::-', 'td::-', 'td::-']);
    state = runTables(state, deleteRow);
    expect(cellsOf(state)).toHaveLength(2);
  });

  it('[TBL2] a cell that disagrees with its column is realigned by this person’s next edit of the table only', () => {
    const doc = tableDoc([
      aligned[0] as CellJson[],
      [
        ['tableCell', 'Rent', 'center'],
        ['tableCell', '1200'],
      ],
    ]);
    const state = stateInCell(doc, '1200');
    // Someone else's change (through Yjs) is left as it came: their own client fixes what they did.
    const remote = state.applyTransaction(state.tr.insertText('1', state.selection.from).setMeta(ySyncPluginKey, {}));
    expect(cellsOf(remote.state)[1]).toEqual(['td:Rent:center', 'td:11200:-']);
    const local = remote.state.applyTransaction(remote.state.tr.insertText('2', remote.state.selection.from));
    expect(cellsOf(local.state)[1]).toEqual(['td:Rent:left', 'td:121200:right']);
  });
});

describe('row and column grips', () => {
  /** The grips' keys: kind, index and whether pressed. */
  const gripKeys = (state: EditorState) =>
    gripsOf(state)
      .find()
      .map((decoration) => String(decoration.spec.key));

  it('[TBL1] the table holding the caret has a grip per row and per column; a grip’s line selected shows pressed', () => {
    const state = stateInCell(tableDoc(PRICES), '1200');
    expect(gripKeys(state).sort()).toEqual(['column-0-false', 'column-1-false', 'row-0-false', 'row-1-false']);
    const column = state.apply(
      state.tr.setSelection(CellSelection.colSelection(state.doc.resolve(state.selection.$from.before(-1)))),
    );
    expect(gripKeys(column).sort()).toEqual(['column-0-false', 'column-1-true', 'row-0-false', 'row-1-false']);
    const paragraph = schema.nodeFromJSON({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(gripKeys(EditorState.create({ doc: paragraph }))).toEqual([]);
  });
});
