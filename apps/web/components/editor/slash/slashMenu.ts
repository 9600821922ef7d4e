import { Extension, type Range } from '@tiptap/core';
import { type EditorState, PluginKey } from '@tiptap/pm/state';
import { Suggestion } from '@tiptap/suggestion';
import { SlashMenuPopup } from './SlashMenuPopup';
import { matchSlashItems, type SlashItem } from './slashItem';
import { slashMenuItems } from './slashMenuItems';

const slashMenuKey = new PluginKey('slashMenu');

// Code is where a slash is most often just a slash (paths, comments, division).
function isSlashAllowedAt(state: EditorState, range: Range): boolean {
  const $from = state.doc.resolve(range.from);
  if ($from.parent.type.spec.code) return false;
  const code = state.schema.marks.code;
  return !code || !state.doc.rangeHasMark(range.from, range.to, code);
}

export interface SlashMenuOptions {
  readonly items: readonly SlashItem[];
}

/**
 * `/` at the start of a block or after a space opens a menu of blocks to insert, filtered by what follows the
 * slash; arrows and Enter or the mouse choose, Escape closes and keeps what was typed. Choosing replaces
 * `/query` with the block. A read-only editor never opens it (the suggestion plugin waits for `isEditable`).
 */
export const SlashMenu = Extension.create<SlashMenuOptions>({
  name: 'slashMenu',
  addOptions() {
    return { items: slashMenuItems };
  },
  addProseMirrorPlugins() {
    const { items } = this.options;
    return [
      Suggestion<SlashItem, SlashItem>({
        editor: this.editor,
        pluginKey: slashMenuKey,
        char: '/',
        allowedPrefixes: [' ', '\u00a0'],
        decorationClass: 'slash-query',
        allow: ({ state, range }) => isSlashAllowedAt(state, range),
        items: ({ editor, query }) => {
          const range: Range = slashMenuKey.getState(editor.state)?.range ?? { from: 0, to: 0 };
          return matchSlashItems(
            items.filter((item) => item.isAvailable(editor, range)),
            query,
          );
        },
        command: ({ editor, range, props: item }) => item.run(editor, range),
        render: () => {
          let popup: SlashMenuPopup | null = null;
          return {
            onStart: (props) => {
              popup = new SlashMenuPopup(props);
            },
            onUpdate: (props) => popup?.update(props),
            onKeyDown: ({ event }) => popup?.onKeyDown(event) ?? false,
            onExit: () => {
              popup?.destroy();
              popup = null;
            },
          };
        },
      }),
    ];
  },
});
