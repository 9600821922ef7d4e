import type { PresenceUser } from '@baalda/core';
import type { AnyExtension } from '@tiptap/core';
import Collaboration from '@tiptap/extension-collaboration';
import Highlight from '@tiptap/extension-highlight';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import Placeholder from '@tiptap/extension-placeholder';
import StarterKit from '@tiptap/starter-kit';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { AtomMarks, CodeWithMarks } from './atomMarks';
import { Callout, CalloutFromQuote } from './callouts';
import { HighlightedCodeBlock } from './codeBlocks';
import { collaborationCarets } from './collaborationCarets';
import { NoteEmbed } from './links/embedNode';
import { FilePaste } from './links/filePaste';
import type { NoteLinkHost } from './links/noteLinkHost';
import { NoteLink } from './links/noteLinkNode';
import { ListSpacing } from './listSpacing';
import { TrailingParagraph } from './ownEdits';
import { RawBlock } from './raw/rawBlockNode';
import { RawInline } from './raw/rawInlineNode';
import { SlashMenu } from './slash/slashMenu';
import { SoftLineBreaks } from './softLineBreaks';
import { tableExtensions } from './tables';
import { TaskFromBullet } from './taskFromBullet';
import { LinkOpener, UrlLink } from './urlLinks';

/** What the editor is given besides its document; tests and read-only uses may leave both out. */
export interface EditorOptions {
  /** Links between notes: the vault's notes and how to open or create one. */
  readonly links?: NoteLinkHost | null;
  /** The note this editor shows: pasted files go to its folder. */
  readonly noteDocId?: string | null;
  readonly presence?: { readonly awareness: Awareness; readonly user: PresenceUser };
}

/**
 * The editor's schema. Node and mark names are the ones @baalda/markdown's conversion reads and writes
 * (`taskList`, `taskItem{checked}`, `highlight`, `codeBlock{language}`, `table` › `tableRow` ›
 * `tableHeader`/`tableCell{align}`, `callout{kind,fold,title,spaced}`, `noteLink{docId,target,heading,alias}`, `noteEmbed`, lists' `loose`,
 * and `rawBlock`/`rawInline{source}` for Markdown it has no node for, kept as typed, RAW1–RAW3; the inline
 * atoms' `marks`, ATOM1; code that wears other marks, ATOM2), so what is
 * typed here is what `read_note`, export and the mirror see; a soft line break is a newline in a paragraph's
 * text (RAW5). Opening a note writes nothing to it (RAW4). Besides the schema: Ctrl/⌘-click opens a link
 * (MENU5), `/` opens the slash menu (MENU1), and with `presence` the others' carets and selections are drawn,
 * named and coloured (PRES6).
 */
export function editorExtensions(ydoc: Y.Doc, options: EditorOptions = {}): AnyExtension[] {
  const { links = null, presence, noteDocId = null } = options;
  return [
    // Collaboration brings its own Yjs-aware undo; StarterKit's would fight it. Code blocks are our own, and
    // links and the trailing paragraph act on this person's edits only (RAW4).
    StarterKit.configure({ undoRedo: false, codeBlock: false, code: false, link: false, trailingNode: false }),
    CodeWithMarks,
    HighlightedCodeBlock,
    UrlLink,
    LinkOpener,
    TrailingParagraph,
    SoftLineBreaks,
    Collaboration.configure({ document: ydoc }),
    Placeholder.configure({ placeholder: 'Start writing…' }),
    TaskList,
    // Nested: a task holds sub-tasks and other blocks, as in GFM and Obsidian. A viewer's click changes nothing.
    TaskItem.configure({ nested: true }),
    TaskFromBullet,
    ListSpacing,
    Highlight,
    ...tableExtensions,
    Callout,
    CalloutFromQuote,
    RawBlock,
    RawInline,
    NoteLink.configure({ host: links, noteDocId }),
    NoteEmbed.configure({ host: links, noteDocId }),
    AtomMarks,
    FilePaste.configure({ host: links, noteDocId }),
    SlashMenu,
    ...(presence ? [collaborationCarets(presence.awareness, presence.user)] : []),
  ];
}
