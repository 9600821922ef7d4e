import { NOTE_LINK, wikilinkPartsOf } from '@baalda/core';
import { InputRule, mergeAttributes, Node } from '@tiptap/core';
import { LINK_NODE_BASE, type LinkNodeOptions } from './linkNodeBase';
import { noteLinkSuggestion } from './noteLinkSuggestion';
import { linkOf, noteLinkView } from './noteLinkView';

// `[[Name]]`, `[[Name#Heading|Alias]]` just typed, not right after `!` (an embed stays text, LNK2).
const TYPED_LINK = /(?<!!)\[\[([^[\]\n]+)\]\]$/;

/**
 * LINK1: a link to another note (core's `noteLink`, LNK1): an inline atom holding the note's docId, so it
 * keeps working when the note is renamed or moved, and the name it was made with. Made by choosing a note
 * in the `[[` picker or by typing a whole `[[Name]]`.
 */
export const NoteLink = Node.create<LinkNodeOptions>({
  ...LINK_NODE_BASE,
  name: NOTE_LINK,
  parseHTML() {
    return [{ tag: 'a[data-note-link]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    const link = linkOf(node);
    return [
      'a',
      mergeAttributes(HTMLAttributes, { 'data-note-link': '', class: 'note-link' }),
      link.alias ?? link.target,
    ];
  },
  renderText({ node }) {
    const link = linkOf(node);
    return link.alias ?? link.target;
  },
  addNodeView() {
    const host = this.options.host;
    if (!host) return null;
    return ({ node, editor, getPos }) => noteLinkView(host, editor, node, getPos);
  },
  addInputRules() {
    const host = this.options.host;
    return [
      new InputRule({
        find: TYPED_LINK,
        handler: ({ state, range, match }) => {
          const parts = wikilinkPartsOf(match[1] ?? '');
          if (!parts) return null;
          const docId = host?.directory.docIdOf(parts.target) ?? null;
          state.tr.replaceWith(range.from, range.to, this.type.create({ ...parts, docId }));
          return undefined;
        },
      }),
    ];
  },
  addProseMirrorPlugins() {
    const host = this.options.host;
    return host ? [noteLinkSuggestion(this.editor, host)] : [];
  },
});
