import { NOTE_LINK } from '@baalda/markdown';
import type { SlashItem } from '../slash/slashItem';

/**
 * MENU1/LINK3: "Link to note" in the slash menu types `[[` in place of `/query`, which opens the note-link
 * picker right there. Offered only where a note link can go (not in code).
 */
export const linkToNoteSlashItem: SlashItem = {
  id: 'link-to-note',
  title: 'Link to note',
  keywords: ['wikilink', 'note', 'backlink', '[['],
  hint: '[[',
  isAvailable: (editor, range) =>
    editor.schema.nodes[NOTE_LINK] !== undefined &&
    editor
      .can()
      .chain()
      .deleteRange(range)
      .insertContent({ type: NOTE_LINK, attrs: { target: 'x' } })
      .run(),
  run: (editor, range) => {
    editor.chain().focus().deleteRange(range).insertContent('[[').run();
  },
};
