'use client';

import type { ChainedCommands, Editor } from '@tiptap/core';
import type { EditorState } from '@tiptap/pm/state';
import { CellSelection } from '@tiptap/pm/tables';
import { useEditorState } from '@tiptap/react';
import { BubbleMenu, type BubbleMenuProps } from '@tiptap/react/menus';
import { type KeyboardEvent, type RefObject, useEffect, useMemo, useRef } from 'react';
import { TableIcon, type TableIconName } from './TableIcon';
import styles from './TableToolbar.module.css';
import { type ColumnAlignment, setColumnAlignment, tableAtSelection, toggleHeaderRow } from './tableCommands';

interface TableAction {
  readonly icon: TableIconName;
  readonly label: string;
  readonly run: (chain: ChainedCommands) => ChainedCommands;
}

const ROW_ACTIONS: readonly TableAction[] = [
  { icon: 'rowAbove', label: 'Add row above', run: (chain) => chain.addRowBefore() },
  { icon: 'rowBelow', label: 'Add row below', run: (chain) => chain.addRowAfter() },
  { icon: 'deleteRow', label: 'Delete row', run: (chain) => chain.deleteRow() },
];

const COLUMN_ACTIONS: readonly TableAction[] = [
  { icon: 'columnLeft', label: 'Add column left', run: (chain) => chain.addColumnBefore() },
  { icon: 'columnRight', label: 'Add column right', run: (chain) => chain.addColumnAfter() },
  { icon: 'deleteColumn', label: 'Delete column', run: (chain) => chain.deleteColumn() },
];

const ALIGNMENTS = [
  { alignment: 'left', icon: 'alignLeft', label: 'Align column left' },
  { alignment: 'center', icon: 'alignCenter', label: 'Align column center' },
  { alignment: 'right', icon: 'alignRight', label: 'Align column right' },
] as const;

// The bubble menu's plugin key, apart from the selection toolbar's.
const TABLE_TOOLBAR_KEY = 'tableToolbar';

// Shown over selected cells (a grip's row or column, or cells selected by dragging or Shift and the arrows),
// not for a caret in a cell: over the table it would hide the lines above it while one types.
const shouldShow: NonNullable<BubbleMenuProps['shouldShow']> = ({ editor, view, state, element }) =>
  editor.isEditable &&
  state.selection instanceof CellSelection &&
  (view.hasFocus() || element.contains(document.activeElement));

/** What the selected cells are: whole rows, whole columns, or anything else (the whole table, a block). */
type SelectedLines = 'rows' | 'columns' | 'cells';

function selectedLinesOf(state: EditorState): SelectedLines | null {
  const { selection } = state;
  if (!(selection instanceof CellSelection)) return null;
  const rows = selection.isRowSelection();
  const columns = selection.isColSelection();
  if (rows === columns) return 'cells';
  return rows ? 'rows' : 'columns';
}

/**
 * The table toolbar (TBL1), over the cells a grip selected: rows added and deleted for rows; columns added,
 * deleted and aligned for columns; all of them for other selections; the header row and deleting the table
 * always. Alt+F10 moves the focus to it and Escape back to the note. Rendered for editable notes only.
 */
export function TableToolbar({ editor }: { editor: Editor }) {
  const options = useMemo(() => ({ placement: 'top' as const, offset: 8 }), []);
  const menu = useRef<HTMLDivElement>(null);
  useToolbarFocusKey(editor, menu);
  return (
    <BubbleMenu
      ref={menu}
      editor={editor}
      pluginKey={TABLE_TOOLBAR_KEY}
      shouldShow={shouldShow}
      options={options}
      className={styles.bubble}
      data-testid="table-toolbar"
    >
      <TableButtons editor={editor} />
    </BubbleMenu>
  );
}

/** Alt+F10 in the note, while the toolbar shows, focuses its first button (as in most editors' toolbars). */
function useToolbarFocusKey(editor: Editor, menu: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const focusToolbar = (event: globalThis.KeyboardEvent) => {
      if (!event.altKey || event.key !== 'F10') return;
      const first = menu.current?.isConnected && menu.current.querySelector<HTMLButtonElement>('button:not(:disabled)');
      if (!first) return;
      event.preventDefault();
      first.focus();
    };
    const dom = editor.view.dom;
    dom.addEventListener('keydown', focusToolbar);
    return () => dom.removeEventListener('keydown', focusToolbar);
  }, [editor, menu]);
}

function TableButtons({ editor }: { editor: Editor }) {
  const shown = useEditorState({ editor, selector: ({ editor: current }) => toolbarStateOf(current) });
  if (!shown.table || !shown.lines) return null;
  const { alignment, headerRow } = shown.table;
  const setAlignment = (chosen: ColumnAlignment) =>
    editor
      .chain()
      .focus()
      .command(setColumnAlignment(alignment === chosen ? null : chosen))
      .run();
  const backToNote = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    editor.commands.focus();
  };
  return (
    <div role="toolbar" aria-label="Table" className={styles.toolbar} onKeyDown={backToNote}>
      {shown.lines !== 'columns' && (
        <ActionGroup
          editor={editor}
          label="Row"
          actions={ROW_ACTIONS}
          disabled={{ 'Delete row': !shown.canDeleteRow }}
        />
      )}
      {shown.lines !== 'rows' && (
        <ActionGroup
          editor={editor}
          label="Column"
          actions={COLUMN_ACTIONS}
          disabled={{ 'Delete column': !shown.canDeleteColumn }}
        />
      )}
      {shown.lines !== 'rows' && (
        <fieldset className={styles.group} aria-label="Column alignment">
          {ALIGNMENTS.map((choice) => (
            <ToolbarButton
              key={choice.alignment}
              icon={choice.icon}
              label={choice.label}
              pressed={alignment === choice.alignment}
              onPress={() => setAlignment(choice.alignment)}
            />
          ))}
        </fieldset>
      )}
      <fieldset className={styles.group} aria-label="Whole table">
        <ToolbarButton
          icon="headerRow"
          label="Header row"
          pressed={headerRow}
          onPress={() => editor.chain().focus().command(toggleHeaderRow).run()}
        />
        <ToolbarButton
          icon="deleteTable"
          label="Delete table"
          onPress={() => editor.chain().focus().deleteTable().run()}
        />
      </fieldset>
    </div>
  );
}

function ActionGroup({
  editor,
  label,
  actions,
  disabled,
}: {
  editor: Editor;
  label: string;
  actions: readonly TableAction[];
  disabled: Readonly<Record<string, boolean>>;
}) {
  return (
    <fieldset className={styles.group} aria-label={label}>
      {actions.map((action) => (
        <ToolbarButton
          key={action.label}
          icon={action.icon}
          label={action.label}
          disabled={disabled[action.label] ?? false}
          onPress={() => action.run(editor.chain().focus()).run()}
        />
      ))}
    </fieldset>
  );
}

function ToolbarButton({
  icon,
  label,
  pressed,
  disabled = false,
  onPress,
}: {
  icon: TableIconName;
  label: string;
  pressed?: boolean;
  disabled?: boolean;
  onPress(): void;
}) {
  return (
    <button
      type="button"
      className={styles.button}
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      disabled={disabled}
      // The press must not take the focus out of the note: the selected cells are what the button acts on.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPress}
    >
      <TableIcon name={icon} />
    </button>
  );
}

function toolbarStateOf(editor: Editor) {
  return {
    table: tableAtSelection(editor.state),
    lines: selectedLinesOf(editor.state),
    canDeleteRow: editor.can().deleteRow(),
    canDeleteColumn: editor.can().deleteColumn(),
  };
}
