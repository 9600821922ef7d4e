import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

const CARET_MARK = { holdsCaret: true };

/**
 * Marks the code block that holds the caret with a node decoration of no attributes: its node view reads
 * the mark (`holdsCaret`) to show the language picker and let Tab reach it (CODE4).
 */
export function codeBlockCaretPlugin(blockName: string): Plugin {
  return new Plugin({
    key: new PluginKey('codeBlockCaret'),
    props: {
      decorations: (state) => {
        const { $head } = state.selection;
        if ($head.parent.type.name !== blockName) return DecorationSet.empty;
        const start = $head.before();
        return DecorationSet.create(state.doc, [Decoration.node(start, start + $head.parent.nodeSize, {}, CARET_MARK)]);
      },
    },
  });
}

/** True when a node view's decorations carry the caret mark. */
export function holdsCaret(decorations: readonly Decoration[]): boolean {
  return decorations.some((decoration) => decoration.spec.holdsCaret === true);
}
