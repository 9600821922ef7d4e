'use client';

import { isValidDocId, titleFromPath, type VaultNote } from '@baalda/core';
import { type ReactNode, useCallback, useState } from 'react';
import { useCurrentVault } from '../hooks/useCurrentVault';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useHistoryPanel } from '../hooks/useHistoryPanel';
import { useNoteAccess } from '../hooks/useNoteAccess';
import { useNoteLinkHost } from '../hooks/useNoteLinkHost';
import { useNoteSession } from '../hooks/useNoteSession';
import { usePeopleInNote } from '../hooks/usePeopleInNote';
import { useSearchShortcut } from '../hooks/useSearchShortcut';
import { useSelectedNoteId } from '../hooks/useSelectedNoteId';
import { useSyncState } from '../hooks/useSyncState';
import { useTitleInNote } from '../hooks/useTitleInNote';
import { useTreeController } from '../hooks/useTreeController';
import { useUploads } from '../hooks/useUploads';
import { useVault } from '../hooks/useVault';
import { isNoteTextShown } from '../lib/noteAccess';
import type { SearchHit } from '../lib/search/searchTypes';
import { type OpenEntry, resolveOpenEntry } from '../lib/vault/openEntry';
import { AttachmentColumn } from './attachments/AttachmentColumn';
import { Backlinks } from './backlinks/Backlinks';
import { EmptyState } from './EmptyState';
import { ShortcutHelp } from './editor/shortcuts/ShortcutHelp';
import { HistoryButton } from './history/HistoryButton';
import { HistoryPanel } from './history/HistoryPanel';
import { NoteEditor } from './NoteEditor';
import { NoteHeader } from './NoteHeader';
import styles from './NotesApp.module.css';
import { Sidebar } from './Sidebar';
import { SyncBadge } from './SyncBadge';
import { SearchPalette } from './search/SearchPalette';
import { usePrivateFolders } from './settings/usePrivateFolders';
import { TrashBanner } from './TrashBanner';

interface NotesAppProps {
  /** The vault switcher, at the top of the sidebar. */
  readonly vaultSwitcher: ReactNode;
  /** The account menu (who is signed in, sign-out, settings), at the foot of the sidebar. */
  readonly accountMenu: ReactNode;
}

/**
 * The open vault (from `useCurrentVault`): its tree on the left, the selected note or attachment (from
 * `?note=`) on the right, search on top. Only a note gets a session (editor, sync, history): the relay
 * refuses a sync document for an attachment, which shows the attachment view instead (PATH11).
 */
export function NotesApp({ vaultSwitcher, accountMenu }: NotesAppProps) {
  const { vault, readOnlyReason, presence } = useCurrentVault();
  const state = useVault(vault.store);
  const uploads = useUploads(vault.uploads);
  const [selectedId, select] = useSelectedNoteId();
  const openId = selectedId !== null && isValidDocId(selectedId) ? selectedId : null;
  // Attachments found by search before this device's tree fetched them: they must not open as notes.
  const [foundAttachments, setFoundAttachments] = useState<ReadonlyMap<string, VaultNote>>(new Map());
  const entry = resolveOpenEntry(openId, state, uploads, foundAttachments);
  const noteId = entry.kind === 'note' ? openId : null;
  const { session: openSession, failure } = useNoteSession(noteId, vault.notes);
  const access = useNoteAccess(openSession);
  const denied = openSession !== null && access === 'denied';
  // Nothing of a note (text, title, breadcrumb) is on screen until it may be: a note the relay refuses
  // must not flash from this device's copy before the refusal arrives.
  const session = openSession && isNoteTextShown(access) ? openSession : null;
  const syncState = useSyncState(denied ? null : openSession, noteId !== null && !denied);
  const people = usePeopleInNote(session?.awareness ?? null, presence.id);
  const liveNote = state.notes.find((note) => note.docId === openId);
  const trashedNote = liveNote ? undefined : state.trash.find((note) => note.docId === openId);
  const shownNote = liveNote ?? trashedNote;
  const editable = !trashedNote && readOnlyReason === null;
  useDocumentTitle(session && shownNote ? titleFromPath(shownNote.path) : fileTitleOf(entry));
  const titleInNote = useTitleInNote(session?.ydoc ?? null, shownNote ? titleFromPath(shownNote.path) : '');
  // The note whose editor should take the caret once it exists (set after naming a new note).
  const [focusFor, setFocusFor] = useState<string | null>(null);
  const onFocusTaken = useCallback(() => setFocusFor(null), []);
  const [searching, setSearching] = useState(false);
  const history = useHistoryPanel();
  const showHistory = history.open && shownNote !== undefined && session !== null;
  useSearchShortcut(useCallback(() => setSearching((open) => !open), []));
  const controller = useTreeController({
    actions: vault.actions,
    addFiles: vault.addFiles,
    uploads: vault.uploads,
    collapsedFoldersKey: vault.names.collapsedFoldersKey,
    vaultId: vault.scope.vaultId,
    readOnly: readOnlyReason !== null,
    openId,
    openPath: liveNote?.path ?? (entry.kind === 'upload' ? entry.upload.path : null),
    folders: state.folders,
    openNote: select,
    focusEditor: () => setFocusFor(openId),
  });
  // LINK6: the heading a followed link named, shown once its note is open.
  const [headingFor, setHeadingFor] = useState<{ docId: string; heading: string } | null>(null);
  const onHeadingShown = useCallback(() => setHeadingFor(null), []);
  // LNK8: which links may hold a docId depends on the private folders; they follow moved folders.
  const privateFolders = usePrivateFolders(vault.scope.vaultId, state.folders.join('\n'));
  const links = useNoteLinkHost(
    vault.scope.vaultId,
    state.notes,
    vault.uploads,
    {
      openNote: (docId, heading) => {
        setHeadingFor(heading ? { docId, heading } : null);
        select(docId);
      },
      createNote: controller.createLinkedNote,
      addFiles: vault.addFiles,
      reportProblems: controller.reportProblems,
    },
    privateFolders.known ? privateFolders.privateKeys : null,
  );

  return (
    <div className={`${styles.shell} ${showHistory ? styles.withHistory : ''}`}>
      <Sidebar
        state={state}
        uploads={uploads}
        controller={controller}
        openId={openId}
        onOpen={select}
        onSearch={() => setSearching(true)}
        vaultSwitcher={vaultSwitcher}
        accountMenu={accountMenu}
      />
      <main className={styles.main}>
        <header className={styles.toolbar}>
          {shownNote && session && editable && <ShortcutHelp />}
          {shownNote && session && (
            <HistoryButton buttonRef={history.buttonRef} expanded={showHistory} onToggle={history.toggle} />
          )}
          <SyncBadge state={syncState} />
        </header>
        <div className={styles.column}>
          {shownNote && session && <NoteHeader note={shownNote} titleInNote={titleInNote} people={people} />}
          {trashedNote && session && readOnlyReason === null && (
            <TrashBanner onRestore={() => controller.restore(trashedNote.docId)} />
          )}
          {entry.kind === 'attachment' || entry.kind === 'upload' ? (
            <AttachmentColumn
              entry={entry}
              vaultId={vault.scope.vaultId}
              readOnlyReason={readOnlyReason}
              controller={controller}
              uploads={vault.uploads}
            />
          ) : session ? (
            <NoteEditor
              key={session.docId}
              session={session}
              presence={presence}
              editable={editable}
              takeFocus={focusFor === session.docId}
              onFocusTaken={onFocusTaken}
              links={links}
              showHeading={headingFor?.docId === session.docId ? headingFor.heading : null}
              onHeadingShown={onHeadingShown}
            />
          ) : (
            <EmptyState
              selectedId={selectedId}
              loading={openId !== null}
              denied={denied}
              failure={failure}
              onCreate={readOnlyReason === null ? () => void controller.createNote() : null}
            />
          )}
          {session && liveNote && (
            <Backlinks
              // Not the bare docId: the editor beside it has that key, and siblings' keys must differ.
              key={`backlinks:${session.docId}`}
              vaultId={vault.scope.vaultId}
              docId={session.docId}
              keptKey={vault.names.backlinksKey(session.docId)}
              directory={links.directory}
              onOpen={select}
            />
          )}
        </div>
      </main>
      {showHistory && (
        <HistoryPanel
          key={session.docId}
          docId={session.docId}
          ydoc={session.ydoc}
          api={vault.history}
          readOnlyReason={trashedNote ? 'Restore the note from the trash to change it.' : readOnlyReason}
          onClose={history.close}
        />
      )}
      {searching && (
        <SearchPalette
          onClose={() => setSearching(false)}
          onOpen={(hit: SearchHit) => {
            setSearching(false);
            if (hit.kind === 'attachment') setFoundAttachments((found) => new Map(found).set(hit.docId, entryOf(hit)));
            if (hit.docId !== openId) select(hit.docId);
          }}
        />
      )}
    </div>
  );
}

function fileTitleOf(entry: OpenEntry): string | undefined {
  if (entry.kind === 'attachment') return titleFromPath(entry.entry.path);
  return entry.kind === 'upload' ? titleFromPath(entry.upload.path) : undefined;
}

// A search hit says where a file is, not when it was made; the tree's entry replaces this once fetched.
function entryOf(hit: SearchHit): VaultNote {
  return { docId: hit.docId, path: hit.path, createdAt: 0, updatedAt: 0, deletedAt: null, conflictOf: null };
}
