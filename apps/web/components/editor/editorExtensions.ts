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
import { collaborationCarets } from './collaborationCarets';
import { tableExtensions } from './tables';
import { TaskFromBullet } from './taskFromBullet';

/**
 * The editor's schema. Node and mark names are the ones core's Markdown conversion reads and writes
 * (`taskList`, `taskItem{checked}`, `highlight`, `table` › `tableRow` › `tableHeader`/`tableCell{align}`, `callout{kind,fold,title}`), so what is typed here is what `read_note`, export and the
 * mirror see. With `presence`, the others' carets and selections are drawn, named and coloured (PRES6).
 */
export function editorExtensions(
  ydoc: Y.Doc,
  presence?: { readonly awareness: Awareness; readonly user: PresenceUser },
): AnyExtension[] {
  return [
    // Collaboration brings its own Yjs-aware undo; StarterKit's would fight it.
    StarterKit.configure({ undoRedo: false }),
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
    ...(presence ? [collaborationCarets(presence.awareness, presence.user)] : []),
  ];
}
