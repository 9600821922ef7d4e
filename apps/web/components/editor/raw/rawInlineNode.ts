import { Node } from '@tiptap/core';
import { sourceOf } from './rawInlineField';
import { editSelectedRawInline, rawInlineView } from './rawInlineView';

/**
 * RAW2: an inline piece of Markdown the editor has no node for (an HTML tag, a footnote reference `[^1]`,
 * `$math$`, a `%%comment%%`, a block id `^id`, an image written `![alt](url)`…), core's `rawInline`: an atom
 * whose `source` is written back as it is. On screen it is `rawInlineView`, its source edited in place
 * (RAW3); the clipboard carries it as `span[data-raw-markdown]` holding the source, and plain text as it.
 */
export const RawInline = Node.create({
  name: 'rawInline',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      source: {
        default: '',
        parseHTML: (element: HTMLElement) => element.getAttribute('data-raw-markdown') ?? '',
        renderHTML: (attributes: Record<string, unknown>) => ({ 'data-raw-markdown': String(attributes.source ?? '') }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-raw-markdown]', priority: 60 }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return ['span', HTMLAttributes, sourceOf(node)];
  },
  renderText({ node }) {
    return sourceOf(node);
  },
  addNodeView() {
    return rawInlineView;
  },
  addKeyboardShortcuts() {
    return { Enter: ({ editor }) => editSelectedRawInline(editor.view) };
  },
});
