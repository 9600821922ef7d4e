import { NOTE_EMBED } from '@baalda/markdown';
import { mergeAttributes, Node } from '@tiptap/core';
import { embedView } from './embedView';
import { LINK_NODE_BASE, type LinkNodeOptions, typedLinkRule } from './linkNodeBase';
import { linkOf } from './noteLinkView';

// `![[Name]]`, `![[Name|300]]` just typed.
const TYPED_EMBED = /!\[\[([^[\]\n]+)\]\]$/;

/**
 * EMBED1: an embedded file or note (core's `noteEmbed`, LNK5): an inline atom pointing at the entry by
 * docId, like a note link, with Obsidian's `|size` as `alias`. Pasting or dropping files makes them, and so
 * does typing a whole `![[Name]]`.
 */
export const NoteEmbed = Node.create<LinkNodeOptions>({
  ...LINK_NODE_BASE,
  name: NOTE_EMBED,
  draggable: true,
  parseHTML() {
    return [{ tag: 'span[data-note-embed]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes, { 'data-note-embed': '' }), linkOf(node).target];
  },
  renderText({ node }) {
    return linkOf(node).target;
  },
  addInputRules() {
    return [typedLinkRule(TYPED_EMBED, this.type, this.options)];
  },
  addNodeView() {
    const host = this.options.host;
    if (!host) return null;
    return ({ node, editor, getPos }) => embedView(host, editor, node, getPos);
  },
});
