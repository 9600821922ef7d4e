'use client';

import type { PresenceUser } from '@baalda/core';
import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import { useEffect } from 'react';
import { useAnnouncedPresence } from '../hooks/useAnnouncedPresence';
import { useHeadingShown } from '../hooks/useHeadingShown';
import type { NoteSession } from '../lib/noteSession';
import { editorExtensions } from './editor/editorExtensions';
import type { NoteLinkHost } from './editor/links/noteLinkHost';
import { SelectionToolbar } from './editor/selection/SelectionToolbar';
import { TableToolbar } from './editor/table/TableToolbar';
import styles from './NoteEditor.module.css';

interface NoteEditorProps {
  session: NoteSession;
  /** PRES1: the person at this editor, as the others see their caret and avatar. */
  presence: PresenceUser;
  /** False for a note in the trash: it can be read, not changed, until restored. */
  editable: boolean;
  /** True once the caret should go to the end of the note (after naming a new note, say). */
  takeFocus: boolean;
  onFocusTaken: () => void;
  /** Links between notes: the vault's notes and how to open or create one (stable for the vault). */
  links: NoteLinkHost;
  /** A heading to show once the note holds it (the note was opened from a `[[Note#Heading]]` link). */
  showHeading: string | null;
  onHeadingShown: () => void;
}

/**
 * The Tiptap editor bound to the note's Y.Doc, with the toolbars over selected text and over the table holding
 * the caret while it can be edited.
 */
export function NoteEditor({
  session,
  presence,
  editable,
  takeFocus,
  onFocusTaken,
  links,
  showHeading,
  onHeadingShown,
}: NoteEditorProps) {
  useAnnouncedPresence(session.awareness, presence);
  const editor = useEditor(
    {
      extensions: editorExtensions(session.ydoc, {
        links,
        noteDocId: session.docId,
        presence: { awareness: session.awareness, user: presence },
      }),
      editable,
      // Safe: this component only renders on the client, once the note's session exists.
      immediatelyRender: true,
      editorProps: { attributes: { 'aria-label': 'Note', spellcheck: 'true' } },
      onCreate: ({ editor: created }) => focusOnOpen(created),
    },
    [session, presence, links],
  );
  useEffect(() => {
    editor?.setEditable(editable);
  }, [editor, editable]);
  useHeadingShown(editor, showHeading, onHeadingShown);
  useEffect(() => {
    if (!editor || !takeFocus) return;
    editor.commands.focus('end');
    onFocusTaken();
  }, [editor, takeFocus, onFocusTaken]);
  return (
    <div className={styles.editor} data-testid="editor" data-doc-id={session.docId}>
      <EditorContent editor={editor} />
      {editable && editor && <SelectionToolbar editor={editor} />}
      {editable && editor && <TableToolbar editor={editor} />}
    </div>
  );
}

/**
 * Where the caret goes when a note opens. With a mouse or trackpad, into the note so typing just works (at the
 * start, so a long note is not scrolled away). It also keeps the focus event well before any click: ProseMirror
 * undoes a caret move to the document start within 200 ms of focusing (it takes it for a browser reset), which
 * made "click, then Home" on the first line do nothing. On touch devices the caret stays put, because focusing
 * raises the on-screen keyboard over the text. Never while the person types elsewhere: a new note opens with
 * its name being edited in the tree, and the editor loading a moment later must not take the caret from it.
 */
function focusOnOpen(editor: Editor): void {
  if (!editor.isEditable || isTypingElsewhere(document.activeElement)) return;
  if (window.matchMedia('(pointer: fine)').matches) editor.commands.focus('start');
}

function isTypingElsewhere(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  return element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}
