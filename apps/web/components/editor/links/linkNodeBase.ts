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
} as const;
