import { NOTE_EMBED } from '@baalda/markdown';
import type { SlashItem } from '../slash/slashItem';

/** MENU1/EMBED1: "Image" in the slash menu opens the file picker; the images chosen are embedded there. */
export const imageSlashItem: SlashItem = {
  id: 'image',
  title: 'Image',
  keywords: ['picture', 'photo', 'upload', 'file', 'attachment'],
  hint: '![[ ]]',
  isAvailable: (editor, range) =>
    editor.schema.nodes[NOTE_EMBED] !== undefined &&
    editor
      .can()
      .chain()
      .deleteRange(range)
      .insertContent({ type: NOTE_EMBED, attrs: { target: 'x.png' } })
      .run(),
  run: (editor, range) => {
    editor.chain().focus().deleteRange(range).pickFilesToEmbed('image/*').run();
  },
};
