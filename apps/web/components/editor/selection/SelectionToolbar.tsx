'use client';

import type { ChainedCommands, Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { BubbleMenu, type BubbleMenuProps } from '@tiptap/react/menus';
import { useMemo, useState } from 'react';
import { useIsApplePlatform } from '../../../hooks/useIsApplePlatform';
import { formatShortcut, MARK_KEYS } from '../shortcuts/editorShortcuts';
import { isFormattableSelection } from './formattableSelection';
import { LinkEditor } from './LinkEditor';
import styles from './SelectionToolbar.module.css';

// The bubble menu's plugin key: a transaction with this key's meta `'hide'` hides it.
const SELECTION_TOOLBAR_KEY = 'selectionToolbar';

const MARK_BUTTONS = [
  { mark: 'bold', label: 'Bold', glyph: 'B', toggle: (chain: ChainedCommands) => chain.toggleBold() },
  { mark: 'italic', label: 'Italic', glyph: 'I', toggle: (chain: ChainedCommands) => chain.toggleItalic() },
  { mark: 'strike', label: 'Strikethrough', glyph: 'S', toggle: (chain: ChainedCommands) => chain.toggleStrike() },
  { mark: 'code', label: 'Code', glyph: '</>', toggle: (chain: ChainedCommands) => chain.toggleCode() },
  { mark: 'highlight', label: 'Highlight', glyph: 'H', toggle: (chain: ChainedCommands) => chain.toggleHighlight() },
] as const;

type ToggledMark = (typeof MARK_BUTTONS)[number]['mark'] | 'link';

// Module-level, so the bubble menu is not sent new options on every render.
const shouldShow: NonNullable<BubbleMenuProps['shouldShow']> = ({ editor, view, state, element }) =>
  editor.isEditable && isFormattableSelection(state) && (view.hasFocus() || element.contains(document.activeElement));

/**
 * The toolbar over selected text (MENU3): bold, italic, strikethrough, code, highlight, each pressed while the
 * selection has it, and Link, which turns the toolbar into a link editor. Rendered for editable notes only.
 */
export function SelectionToolbar({ editor }: { editor: Editor }) {
  const [editingLink, setEditingLink] = useState(false);
  const options = useMemo(() => ({ placement: 'top' as const, onHide: () => setEditingLink(false) }), []);
  return (
    <BubbleMenu
      editor={editor}
      pluginKey={SELECTION_TOOLBAR_KEY}
      shouldShow={shouldShow}
      options={options}
      className={styles.bubble}
      data-testid="selection-toolbar"
    >
      {editingLink ? (
        <LinkEditor
          editor={editor}
          onDone={() => setEditingLink(false)}
          onLeave={() => {
            setEditingLink(false);
            editor.view.dispatch(editor.state.tr.setMeta(SELECTION_TOOLBAR_KEY, 'hide'));
          }}
        />
      ) : (
        <MarkButtons editor={editor} onLink={() => setEditingLink(true)} />
      )}
    </BubbleMenu>
  );
}

function MarkButtons({ editor, onLink }: { editor: Editor; onLink(): void }) {
  const active = useEditorState({ editor, selector: ({ editor: current }) => activeMarksOf(current) });
  const platform = useIsApplePlatform() ? 'apple' : 'other';
  return (
    <div role="toolbar" aria-label="Format text" className={styles.toolbar}>
      {MARK_BUTTONS.map(({ mark, label, glyph, toggle }) => (
        <button
          key={mark}
          type="button"
          className={`${styles.button} ${styles[mark]}`}
          aria-label={label}
          aria-pressed={active[mark]}
          title={`${label} (${formatShortcut(MARK_KEYS[mark], platform)})`}
          // The press must not take the caret out of the note: the selection is what the button acts on.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => toggle(editor.chain().focus()).run()}
        >
          {glyph}
        </button>
      ))}
      <button
        type="button"
        className={`${styles.button} ${styles.link}`}
        aria-label="Link"
        aria-pressed={active.link}
        title="Link"
        onMouseDown={(event) => event.preventDefault()}
        onClick={onLink}
      >
        Link
      </button>
    </div>
  );
}

function activeMarksOf(editor: Editor): Record<ToggledMark, boolean> {
  return {
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    strike: editor.isActive('strike'),
    code: editor.isActive('code'),
    highlight: editor.isActive('highlight'),
    link: editor.isActive('link'),
  };
}
