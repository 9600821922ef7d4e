import type { PresenceUser } from '@baalda/core';
import type { AnyExtension } from '@tiptap/core';
import Collaboration from '@tiptap/extension-collaboration';
import Highlight from '@tiptap/extension-highlight';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import Placeholder from '@tiptap/extension-placeholder';
import StarterKit from '@tiptap/starter-kit';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { Callout, CalloutFromQuote } from './callouts';
import { HighlightedCodeBlock } from './codeBlocks';
import { collaborationCarets } from './collaborationCarets';
import { NoteEmbed } from './links/embedNode';
import { FilePaste } from './links/filePaste';
import type { NoteLinkHost } from './links/noteLinkHost';
import { NoteLink } from './links/noteLinkNode';
import { SlashMenu } from './slash/slashMenu';
import { tableExtensions } from './tables';
import { TaskFromBullet } from './taskFromBullet';
import { LinkOpener, linkOptions } from './urlLinks';

/** What the editor is given besides its document; tests and read-only uses may leave both out. */
export interface EditorOptions {
  /** Links between notes: the vault's notes and how to open or create one. */
  readonly links?: NoteLinkHost | null;
  /** The note this editor shows: pasted files go to its folder. */
  readonly noteDocId?: string | null;
  readonly presence?: { readonly awareness: Awareness; readonly user: PresenceUser };
}

/**
 * The editor's schema. Node and mark names are the ones core's Markdown conversion reads and writes
 * (`taskList`, `taskItem{checked}`, `highlight`, `codeBlock{language}`, `table` › `tableRow` ›
 * `tableHeader`/`tableCell{align}`, `callout{kind,fold,title}`, `noteLink{docId,target,heading,alias}`, `noteEmbed`), so
 * what is typed here is what `read_note`, export and the mirror see. Besides the schema: Ctrl/⌘-click opens
 * a link (MENU5), `/` opens the slash menu (MENU1), and with `presence` the others' carets and selections
 * are drawn, named and coloured (PRES6).
 */
export function editorExtensions(ydoc: Y.Doc, options: EditorOptions = {}): AnyExtension[] {
  const { links = null, presence, noteDocId = null } = options;
  return [
    // Collaboration brings its own Yjs-aware undo; StarterKit's would fight it. Code blocks are our own.
    StarterKit.configure({ undoRedo: false, codeBlock: false, link: linkOptions }),
    HighlightedCodeBlock,
    LinkOpener,
    Collaboration.configure({ document: ydoc }),
    Placeholder.configure({ placeholder: 'Start writing…' }),
    TaskList,
    // Nested: a task holds sub-tasks and other blocks, as in GFM and Obsidian. A viewer's click changes nothing.
    TaskItem.configure({ nested: true }),
    TaskFromBullet,
    Highlight,
    ...tableExtensions,
    Callout,
    CalloutFromQuote,
    NoteLink.configure({ host: links }),
    NoteEmbed.configure({ host: links }),
    FilePaste.configure({ host: links, noteDocId }),
    SlashMenu,
    ...(presence ? [collaborationCarets(presence.awareness, presence.user)] : []),
  ];
}
