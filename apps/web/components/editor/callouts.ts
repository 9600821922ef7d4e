import { calloutHeadOf } from '@baalda/markdown';
import { Extension, mergeAttributes, Node } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { calloutTitleOf } from './calloutKinds';
import { calloutView, showOpenOnceMade } from './calloutView';
import { caretAtParagraphEnd } from './caretAtParagraphEnd';

const stringAttribute = (name: string, fallback: string | null) => ({
  default: fallback,
  parseHTML: (element: HTMLElement) => element.getAttribute(`data-${name}`) ?? fallback,
  renderHTML: (attributes: Record<string, unknown>) =>
    attributes[name] ? { [`data-${name}`]: String(attributes[name]) } : {},
});

/**
 * An Obsidian callout (core's MD10): a type (`data-callout`, which the styles colour), an optional fold sign
 * and title, and a body of blocks. The title is shown above the body; it is the Markdown it was typed as.
 * On screen it is `calloutView`, with its title edited in place, its type chosen and its body folded
 * (CALL1–CALL3); `renderHTML` is what the clipboard carries.
 */
export const Callout = Node.create({
  name: 'callout',
  group: 'block',
  content: 'block+',
  defining: true,
  addAttributes() {
    return {
      kind: {
        ...stringAttribute('callout', 'note'),
        renderHTML: (attributes) => ({ 'data-callout': attributes.kind }),
      },
      fold: stringAttribute('fold', null),
      title: stringAttribute('title', null),
      // Core's MD10: the body's first paragraph sat after a blank `>` line; kept so opening writes nothing.
      spaced: {
        default: null,
        parseHTML: (element: HTMLElement) => (element.hasAttribute('data-spaced') ? true : null),
        renderHTML: (attributes: { spaced?: boolean | null }) => (attributes.spaced ? { 'data-spaced': '' } : {}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-callout]', contentElement: '.callout-body' }];
  },
  addNodeView() {
    return calloutView;
  },
  renderHTML({ node, HTMLAttributes }) {
    return [
      'div',
      mergeAttributes(HTMLAttributes, { class: 'callout' }),
      ['div', { class: 'callout-title', contenteditable: 'false' }, calloutTitleOf(node)],
      ['div', { class: 'callout-body' }, 0],
    ];
  },
});

/**
 * Enter at the end of a quote's first line when it is a callout head (`> [!note] Title`) makes the quote a
 * callout with that head, the caret in its body, as in Obsidian, where the rest of the line is the title.
 */
export const CalloutFromQuote = Extension.create({
  name: 'calloutFromQuote',
  addKeyboardShortcuts() {
    return {
      Enter: ({ editor }) => {
        const $from = caretAtParagraphEnd(editor.state);
        if (!$from) return false;
        const line = $from.parent;
        const quoteDepth = $from.depth - 1;
        const quote = $from.node(quoteDepth);
        if (quote?.type.name !== 'blockquote' || $from.index(quoteDepth) !== 0) return false;
        const head = calloutHeadOf(line.textContent);
        const { callout, paragraph } = editor.schema.nodes;
        if (!head || !callout || !paragraph) return false;
        const rest: ProseMirrorNode[] = [];
        quote.forEach((child, _offset, index) => {
          if (index > 0) rest.push(child);
        });
        const node = showOpenOnceMade(callout.create(head, rest.length > 0 ? rest : [paragraph.create()]));
        const quotePos = $from.before(quoteDepth);
        const tr = editor.state.tr.replaceWith(quotePos, quotePos + quote.nodeSize, node);
        tr.setSelection(TextSelection.near(tr.doc.resolve(quotePos + 2)));
        editor.view.dispatch(tr.scrollIntoView());
        return true;
      },
    };
  },
});
