'use client';

import { isValidDocId } from '@baalda/core';
import { useCallback, useState } from 'react';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { LOCAL_STORAGE_FAILED, useNoteList } from '../hooks/useNoteList';
import { useNoteSession } from '../hooks/useNoteSession';
import { useSelectedNoteId } from '../hooks/useSelectedNoteId';
import { useServiceWorker } from '../hooks/useServiceWorker';
import { useSyncState } from '../hooks/useSyncState';
import type { RelayProblem } from '../lib/noteListSync';
import { EmptyState } from './EmptyState';
import type { Notice } from './InlineError';
import { NoteEditor } from './NoteEditor';
import styles from './NotesApp.module.css';
import { Sidebar } from './Sidebar';
import { SyncBadge } from './SyncBadge';

/** The whole app: the note list on the left, the selected note (from `?note=`) on the right. */
export function NotesApp() {
  useServiceWorker();
  const { notes, problem, createNote } = useNoteList();
  const [selectedId, select] = useSelectedNoteId();
  const openId = selectedId !== null && isValidDocId(selectedId) ? selectedId : null;
  const { session, failure } = useNoteSession(openId);
  const syncState = useSyncState(session, openId !== null);
  useDocumentTitle(notes?.find((note) => note.docId === openId)?.title);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [createFailed, setCreateFailed] = useState(false);

  const onCreate = useCallback(async () => {
    try {
      const note = await createNote();
      setCreateFailed(false);
      setCreatedId(note.docId);
      select(note.docId);
    } catch (error) {
      console.error('Could not create a note', error);
      setCreateFailed(true);
    }
  }, [createNote, select]);

  const notice = createFailed ? CREATE_FAILED : problem && toNotice(problem);
  return (
    <div className={styles.shell}>
      <Sidebar notes={notes} selectedId={openId} notice={notice} onSelect={select} onCreate={onCreate} />
      <main className={styles.main}>
        <header className={styles.toolbar}>
          <SyncBadge state={syncState} />
        </header>
        <div className={styles.column}>
          {session ? (
            <NoteEditor key={session.docId} session={session} isNew={session.docId === createdId} />
          ) : (
            <EmptyState selectedId={selectedId} loading={openId !== null} failure={failure} onCreate={onCreate} />
          )}
        </div>
      </main>
    </div>
  );
}

const CREATE_FAILED: Notice = {
  heading: 'The note could not be created.',
  detail: 'This browser refused to store a new note.',
  consequence: 'Existing notes are untouched. Check the browser’s storage settings, then try again.',
};

function toNotice(problem: RelayProblem): Notice {
  if (problem.code === LOCAL_STORAGE_FAILED) {
    return {
      heading: 'This browser’s storage is unavailable.',
      detail: problem.message,
      consequence: 'Notes already on the relay are safe; new edits may not survive a reload.',
    };
  }
  return {
    heading: 'The relay didn’t accept a request.',
    detail: `${problem.message} (${problem.code})`,
    consequence: 'Your notes are safe on this device; Baalda will try again.',
  };
}
