import { NOTE_LINK } from '@baalda/markdown';
import { mergeAttributes, Node } from '@tiptap/core';
import { LINK_NODE_BASE, type LinkNodeOptions, typedLinkRule } from './linkNodeBase';
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
    const noteDocId = this.options.noteDocId;
    return ({ node, editor, getPos }) => noteLinkView({ host, noteDocId }, editor, node, getPos);
  },
  addInputRules() {
    return [typedLinkRule(TYPED_LINK, this.type, this.options)];
  },
  addProseMirrorPlugins() {
    const host = this.options.host;
    return host ? [noteLinkSuggestion(this.editor, host, this.options.noteDocId)] : [];
  },
});
