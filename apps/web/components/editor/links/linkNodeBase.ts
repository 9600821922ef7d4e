import { wikilinkPartsOf } from '@baalda/markdown';
import { InputRule } from '@tiptap/core';
import type { NodeType } from '@tiptap/pm/model';
import type { NoteLinkHost } from './noteLinkHost';

const attribute = (name: string) => ({
  default: null,
  parseHTML: (element: HTMLElement) => element.getAttribute(`data-${name}`) || null,
  renderHTML: (attributes: Record<string, unknown>) =>
    attributes[name] ? { [`data-${name}`]: String(attributes[name]) } : {},
});

/** The options a link or embed node is configured with. */
export interface LinkNodeOptions {
  readonly host: NoteLinkHost | null;
  /** The note being edited: a link here holds a docId only where LNK8 lets it. */
  readonly noteDocId: string | null;
}

/**
 * What note links and embeds share (core's LNK1 attributes on an inline atom): both point at an entry by
 * docId and keep the name they were made with; the HTML keeps them in `data-` attributes.
 */
export const LINK_NODE_BASE = {
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addOptions(): LinkNodeOptions {
    return { host: null, noteDocId: null };
  },
  addAttributes() {
    return {
      docId: attribute('doc-id'),
      target: { ...attribute('target'), default: '' },
      heading: attribute('heading'),
      alias: attribute('alias'),
    };
  },
} as const;

/**
 * LINK3/EMBED1: a whole `[[Name#Heading|Alias]]` (or `![[…]]`, as `find` says) just typed becomes a node of
 * `type` pointing at the note that name resolves to on this device — when every reader of `noteDocId` may
 * read it (LNK8) — or at none yet.
 */
export function typedLinkRule(find: RegExp, type: NodeType, { host, noteDocId }: LinkNodeOptions): InputRule {
  return new InputRule({
    find,
    handler: ({ state, range, match }) => {
      const parts = wikilinkPartsOf(match[1] ?? '');
      if (!parts) return null;
      const found = host?.directory.docIdOf(parts.target);
      const docId = found && host?.directory.mayLinkFrom(noteDocId, host.directory.pathOf(found)) ? found : null;
      state.tr.replaceWith(range.from, range.to, type.create({ ...parts, docId }));
      return undefined;
    },
  });
}
