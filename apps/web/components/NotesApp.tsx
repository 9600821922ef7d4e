'use client';

import { isValidDocId, titleFromPath } from '@baalda/core';
import { useCallback, useState } from 'react';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useHistoryPanel } from '../hooks/useHistoryPanel';
import { useNoteSession } from '../hooks/useNoteSession';
import { useSearchShortcut } from '../hooks/useSearchShortcut';
import { useSelectedNoteId } from '../hooks/useSelectedNoteId';
import { useServiceWorker } from '../hooks/useServiceWorker';
import { useSyncState } from '../hooks/useSyncState';
import { useTreeController } from '../hooks/useTreeController';
import { useVault } from '../hooks/useVault';
import { EmptyState } from './EmptyState';
import { HistoryButton } from './history/HistoryButton';
import { HistoryPanel } from './history/HistoryPanel';
import { NoteEditor } from './NoteEditor';
import { NoteHeader } from './NoteHeader';
import styles from './NotesApp.module.css';
import { Sidebar } from './Sidebar';
import { SyncBadge } from './SyncBadge';
import { SearchPalette } from './search/SearchPalette';
import { TrashBanner } from './TrashBanner';

/** The whole app: the vault tree on the left, the selected note (from `?note=`) on the right, search on top. */
export function NotesApp() {
  useServiceWorker();
  const state = useVault();
  const [selectedId, select] = useSelectedNoteId();
  const openId = selectedId !== null && isValidDocId(selectedId) ? selectedId : null;
  const { session, failure } = useNoteSession(openId);
  const syncState = useSyncState(session, openId !== null);
  const liveNote = state.notes.find((note) => note.docId === openId);
  const trashedNote = liveNote ? undefined : state.trash.find((note) => note.docId === openId);
  const shownNote = liveNote ?? trashedNote;
  useDocumentTitle(shownNote && titleFromPath(shownNote.path));
  // The note whose editor should take the caret once it exists (set after naming a new note).
  const [focusFor, setFocusFor] = useState<string | null>(null);
  const onFocusTaken = useCallback(() => setFocusFor(null), []);
  const [searching, setSearching] = useState(false);
  const history = useHistoryPanel();
  const showHistory = history.open && shownNote !== undefined && session !== null;
  useSearchShortcut(useCallback(() => setSearching((open) => !open), []));
  const controller = useTreeController({
    openId,
    openPath: liveNote?.path ?? null,
    folders: state.folders,
    openNote: select,
    focusEditor: () => setFocusFor(openId),
  });

  return (
    <div className={`${styles.shell} ${showHistory ? styles.withHistory : ''}`}>
      <Sidebar
        state={state}
        controller={controller}
        openId={openId}
        onOpen={select}
        onSearch={() => setSearching(true)}
      />
      <main className={styles.main}>
        <header className={styles.toolbar}>
          {shownNote && session && (
            <HistoryButton buttonRef={history.buttonRef} expanded={showHistory} onToggle={history.toggle} />
          )}
          <SyncBadge state={syncState} />
        </header>
        <div className={styles.column}>
          {shownNote && session && <NoteHeader note={shownNote} />}
          {trashedNote && session && <TrashBanner onRestore={() => controller.restore(trashedNote.docId)} />}
          {session ? (
            <NoteEditor
              key={session.docId}
              session={session}
              editable={!trashedNote}
              takeFocus={focusFor === session.docId}
              onFocusTaken={onFocusTaken}
            />
          ) : (
            <EmptyState
              selectedId={selectedId}
              loading={openId !== null}
              failure={failure}
              onCreate={() => void controller.createNote()}
            />
          )}
        </div>
      </main>
      {showHistory && (
        <HistoryPanel
          key={session.docId}
          docId={session.docId}
          ydoc={session.ydoc}
          readOnly={!!trashedNote}
          onClose={history.close}
        />
      )}
      {searching && (
        <SearchPalette
          onClose={() => setSearching(false)}
          onOpenNote={(docId) => {
            setSearching(false);
            if (docId !== openId) select(docId);
          }}
        />
      )}
    </div>
  );
}
