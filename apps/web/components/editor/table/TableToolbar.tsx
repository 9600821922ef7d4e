'use client';

import { type ChainedCommands, type Editor, findParentNodeClosestToPos } from '@tiptap/core';
import type { EditorState } from '@tiptap/pm/state';
import { isInTable } from '@tiptap/pm/tables';
import { useEditorState } from '@tiptap/react';
import { BubbleMenu, type BubbleMenuProps } from '@tiptap/react/menus';
import { useCallback, useMemo } from 'react';
import { isFormattableSelection } from '../selection/formattableSelection';
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

// One toolbar at a time: with text selected in a cell the formatting toolbar shows, and this one when the
// caret (or a selection of cells) is in the table.
const shouldShow: NonNullable<BubbleMenuProps['shouldShow']> = ({ editor, view, state, element }) =>
  editor.isEditable &&
  isInTable(state) &&
  !isFormattableSelection(state) &&
  (view.hasFocus() || element.contains(document.activeElement));

/** The table holding the selection, as the element the toolbar sits above. */
function tableElementOf(editor: Editor) {
  const { state, view } = editor;
  const table = findParentNodeClosestToPos(state.selection.$from, (node) => node.type.spec.tableRole === 'table');
  const element = table ? view.nodeDOM(table.pos) : null;
  if (!(element instanceof HTMLElement)) return null;
  return {
    getBoundingClientRect: () => element.getBoundingClientRect(),
    getClientRects: () => element.getClientRects(),
  };
}

/**
 * The table toolbar (TBL1): above the table holding the caret, rows and columns added and deleted, the
 * column's alignment, the header row and deleting the table. Rendered for editable notes only.
 */
export function TableToolbar({ editor }: { editor: Editor }) {
  const options = useMemo(() => ({ placement: 'top-start' as const, offset: 6 }), []);
  const referenceOf = useCallback(() => tableElementOf(editor), [editor]);
  return (
    <BubbleMenu
      editor={editor}
      pluginKey={TABLE_TOOLBAR_KEY}
      shouldShow={shouldShow}
      getReferencedVirtualElement={referenceOf}
      options={options}
      className={styles.bubble}
      data-testid="table-toolbar"
    >
      <TableButtons editor={editor} />
    </BubbleMenu>
  );
}

function TableButtons({ editor }: { editor: Editor }) {
  const shown = useEditorState({ editor, selector: ({ editor: current }) => toolbarStateOf(current) });
  if (!shown.table) return null;
  const { alignment, headerRow } = shown.table;
  const setAlignment = (chosen: ColumnAlignment) =>
    editor
      .chain()
      .focus()
      .command(setColumnAlignment(alignment === chosen ? null : chosen))
      .run();
  return (
    <div role="toolbar" aria-label="Table" className={styles.toolbar}>
      <ActionGroup editor={editor} label="Row" actions={ROW_ACTIONS} disabled={{ 'Delete row': !shown.canDeleteRow }} />
      <ActionGroup
        editor={editor}
        label="Column"
        actions={COLUMN_ACTIONS}
        disabled={{ 'Delete column': !shown.canDeleteColumn }}
      />
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
      // The press must not take the caret out of the table: the caret's cell is what the button acts on.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPress}
    >
      <TableIcon name={icon} />
    </button>
  );
}

function toolbarStateOf(editor: Editor) {
  const state: EditorState = editor.state;
  return {
    table: tableAtSelection(state),
    canDeleteRow: editor.can().deleteRow(),
    canDeleteColumn: editor.can().deleteColumn(),
  };
}
