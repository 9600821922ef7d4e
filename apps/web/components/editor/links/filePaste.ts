import { entryKindOf, parentFolderOf } from '@baalda/core';
import { NOTE_EMBED, NOTE_LINK } from '@baalda/markdown';
import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import type { AddedFile } from '../../../lib/uploads/fileUploader';
import type { NoteLinkHost } from './noteLinkHost';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    filePaste: {
      /** Opens the browser's file picker; the files chosen are embedded at the caret. */
      pickFilesToEmbed: (accept?: string) => ReturnType;
    };
  }
}

// What Chromium and Safari name a screenshot or copied image on the clipboard.
const CLIPBOARD_IMAGE = /^image\.(png|jpe?g|gif|webp|bmp|tiff?)$/i;

/**
 * EMBED1: Obsidian's name for a pasted image (`Pasted image 20261203071530.png`), so pastes don't all
 * fight over `image.png`; other files keep their names.
 */
export function namePastedFile(file: AddedFile, now: Date): AddedFile {
  const match = CLIPBOARD_IMAGE.exec(file.name);
  if (!match) return file;
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return new File([file], `Pasted image ${stamp}.${match[1]?.toLowerCase()}`, { type: file.type });
}

/**
 * EMBED1: files pasted or dropped into a note are added beside it (its folder), through the same upload
 * queue as the tree's "Upload files" — so offline too — and embedded where they were put: attachments as
 * embeds, Markdown files (which become notes) as links. Viewers' editors take no files.
 */
export const FilePaste = Extension.create<{ host: NoteLinkHost | null; noteDocId: string | null }>({
  name: 'filePaste',
  addOptions() {
    return { host: null, noteDocId: null };
  },
  addCommands() {
    return {
      /** EMBED1: asks for files (the slash menu's "Image") and embeds them at the caret. */
      pickFilesToEmbed:
        (accept = '') =>
        ({ view }) => {
          const { host, noteDocId } = this.options;
          if (!host || !view.editable) return false;
          const input = document.createElement('input');
          input.type = 'file';
          input.multiple = true;
          input.accept = accept;
          const at = view.state.selection.from;
          input.addEventListener('change', () => {
            const files = [...(input.files ?? [])];
            if (files.length > 0) void insertFiles(host, noteDocId, view, files, at);
          });
          input.click();
          return true;
        },
    };
  },
  addProseMirrorPlugins() {
    const { host, noteDocId } = this.options;
    if (!host) return [];
    const insert = (view: EditorView, files: AddedFile[], at: number) =>
      void insertFiles(host, noteDocId, view, files, at).catch((error: unknown) => {
        console.error('Adding files to the note failed', error);
        host.reportProblems(['The files could not be added; nothing was changed.']);
      });
    return [
      new Plugin({
        key: new PluginKey('filePaste'),
        props: {
          handlePaste(view, event) {
            const files = filesOf(event.clipboardData);
            if (files.length === 0 || !view.editable) return false;
            event.preventDefault();
            insert(view, files, view.state.selection.from);
            return true;
          },
          handleDrop(view, event, _slice, moved) {
            const files = filesOf(event.dataTransfer);
            if (moved || files.length === 0 || !view.editable) return false;
            event.preventDefault();
            const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
            insert(view, files, at ?? view.state.selection.from);
            return true;
          },
        },
      }),
    ];
  },
});

function filesOf(data: DataTransfer | null): AddedFile[] {
  return data ? [...data.files] : [];
}

async function insertFiles(
  host: NoteLinkHost,
  noteDocId: string | null,
  view: EditorView,
  files: readonly AddedFile[],
  at: number,
): Promise<void> {
  const notePath = noteDocId ? host.directory.pathOf(noteDocId) : undefined;
  const now = new Date();
  const outcome = await host.addFiles(
    files.map((file) => namePastedFile(file, now)),
    notePath ? parentFolderOf(notePath) : '',
  );
  host.reportProblems(outcome.problems);
  if (outcome.added.length === 0 || view.isDestroyed) return;
  const { schema } = view.state;
  const nodes = outcome.added.flatMap(({ docId, path }, index) => {
    const type = entryKindOf(path) === 'note' ? schema.nodes[NOTE_LINK] : schema.nodes[NOTE_EMBED];
    const made = type?.create({ docId, target: path });
    const gap = index > 0 ? [schema.text(' ')] : [];
    return made ? [...gap, made] : [];
  });
  // The note may have changed while the files were stored: the place is kept inside it.
  const position = Math.min(at, view.state.doc.content.size);
  view.dispatch(view.state.tr.insert(position, nodes).scrollIntoView());
}
