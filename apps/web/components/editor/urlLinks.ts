import { Extension } from '@tiptap/core';
import Link, { type LinkOptions } from '@tiptap/extension-link';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { onOwnEditsOnly } from './ownEdits';

const linkOptions: Partial<LinkOptions> = {
  openOnClick: false,
  linkOnPaste: true,
  autolink: true,
  defaultProtocol: 'https',
};

/**
 * StarterKit's Link, as Baalda wants it (MENU4, MENU5). A plain click in an editable note places the caret
 * (`openOnClick: false`: a link must be editable like any text); `LinkOpener` opens it on Ctrl/⌘-click. In a
 * read-only note Tiptap leaves the click to the browser, which follows the link: it opens in a new tab with
 * `rel="noopener noreferrer"` (Tiptap's default attributes), so the page opened can't reach back into the app.
 * A URL pasted over selected text links that text (`linkOnPaste`). A URL typed becomes a link (`autolink`)
 * as it is typed, never as a note opens or another person's edit arrives (RAW4): opening a note whose first
 * line ended with a URL made it a link, which rewrote the note's Markdown.
 */
export const UrlLink = Link.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      // Core's MD13: the formatting written right around the link (`**[x](u)**`), so opening writes nothing.
      inside: { default: null, rendered: false },
    };
  },
  addProseMirrorPlugins() {
    return (this.parent?.() ?? []).map(onOwnEditsOnly);
  },
}).configure(linkOptions);

/** Ctrl-click (⌘-click on a Mac) on a link in an editable note opens it in a new tab (MENU5). */
export const LinkOpener = Extension.create({
  name: 'linkOpener',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('linkOpener'),
        props: {
          handleClick(view, _pos, event) {
            if (!view.editable || event.button !== 0 || !(event.ctrlKey || event.metaKey)) return false;
            const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
            if (!(link instanceof HTMLAnchorElement) || !view.dom.contains(link)) return false;
            window.open(link.href, '_blank', 'noopener,noreferrer');
            return true;
          },
        },
      }),
    ];
  },
});
