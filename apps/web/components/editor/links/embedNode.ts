import { NOTE_EMBED } from '@baalda/core';
import { mergeAttributes, Node } from '@tiptap/core';
import { embedView } from './embedView';
import type { NoteLinkHost } from './noteLinkHost';
import { linkOf } from './noteLinkView';

const attribute = (name: string) => ({
  default: null,
  parseHTML: (element: HTMLElement) => element.getAttribute(`data-${name}`) || null,
  renderHTML: (attributes: Record<string, unknown>) =>
    attributes[name] ? { [`data-${name}`]: String(attributes[name]) } : {},
});

/**
 * EMBED1: an embedded file or note (core's `noteEmbed`, LNK5): an inline atom pointing at the entry by
 * docId, like a note link, with Obsidian's `|size` as `alias`. Pasting or dropping files makes them.
 */
export const NoteEmbed = Node.create<{ host: NoteLinkHost | null }>({
  name: NOTE_EMBED,
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  draggable: true,
  addOptions() {
    return { host: null };
  },
  addAttributes() {
    return {
      docId: attribute('doc-id'),
      target: { ...attribute('target'), default: '' },
      heading: attribute('heading'),
      alias: attribute('alias'),
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-note-embed]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes, { 'data-note-embed': '' }), linkOf(node).target];
  },
  renderText({ node }) {
    return linkOf(node).target;
  },
  addNodeView() {
    const host = this.options.host;
    if (!host) return null;
    return ({ node, editor, getPos }) => embedView(host, editor, node, getPos);
  },
});
