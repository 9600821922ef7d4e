import { Extension } from '@tiptap/core';

/**
 * A list's `loose` attribute (core's MD2: a list written with blank lines between its items, which Markdown
 * shows spaced). The editor keeps it as the document holds it, so opening a spaced list writes nothing, and
 * shows it spaced (`data-loose`).
 */
export const ListSpacing = Extension.create({
  name: 'listSpacing',
  addGlobalAttributes() {
    return [
      {
        types: ['bulletList', 'orderedList', 'taskList'],
        attributes: {
          loose: {
            default: null,
            parseHTML: (element: HTMLElement) => (element.hasAttribute('data-loose') ? true : null),
            renderHTML: (attributes: { loose?: boolean | null }) => (attributes.loose ? { 'data-loose': '' } : {}),
          },
        },
      },
    ];
  },
});
