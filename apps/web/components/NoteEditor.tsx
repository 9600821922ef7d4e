'use client';

import { deriveTitle } from '@baalda/core';
import Collaboration from '@tiptap/extension-collaboration';
import Placeholder from '@tiptap/extension-placeholder';
import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { NoteSession } from '../lib/noteSession';
import styles from './NoteEditor.module.css';

interface NoteEditorProps {
  session: NoteSession;
  /** True for a note just created: the caret goes to it at once, whatever the device. */
  isNew: boolean;
}

/** The Tiptap editor bound to the note's Y.Doc; every change also refreshes the list's title. */
export function NoteEditor({ session, isNew }: NoteEditorProps) {
  const recordTitle = ({ editor }: { editor: Editor }) => {
    session.recordTitle(deriveTitle(editor.getText({ blockSeparator: '\n' })));
  };
  const editor = useEditor(
    {
      extensions: [
        // Collaboration brings its own Yjs-aware undo; StarterKit's would fight it.
        StarterKit.configure({ undoRedo: false }),
        Collaboration.configure({ document: session.ydoc }),
        Placeholder.configure({ placeholder: 'Give it a title, then start writing…' }),
      ],
      autofocus: chooseAutofocus(isNew),
      // Safe: this component only renders on the client, once the note's session exists.
      immediatelyRender: true,
      editorProps: { attributes: { 'aria-label': 'Note', spellcheck: 'true' } },
      onCreate: recordTitle,
      onUpdate: recordTitle,
    },
    [session],
  );
  return (
    <div className={styles.editor} data-testid="editor" data-doc-id={session.docId}>
      <EditorContent editor={editor} />
    </div>
  );
}

/**
 * Where the caret goes when a note opens. With a mouse or trackpad, into the note so typing just works (at the
 * start, so a long note is not scrolled away). It also keeps the focus event well before any click: ProseMirror
 * undoes a caret move to the document start within 200 ms of focusing (it takes it for a browser reset), which
 * made "click, then Home" on the first line do nothing. On touch devices only a new note takes focus, because
 * focusing raises the on-screen keyboard over the text.
 */
function chooseAutofocus(isNew: boolean): 'start' | 'end' | false {
  if (isNew) return 'end';
  return window.matchMedia('(pointer: fine)').matches ? 'start' : false;
}
