import {
  ancestorFoldersOf,
  fileNameOf,
  isConflictPath,
  type PresenceUser,
  titleFromPath,
  type VaultNote,
} from '@baalda/core';
import styles from './NoteHeader.module.css';
import { PresenceAvatars } from './presence/PresenceAvatars';
import { ConflictPill } from './tree/ConflictPill';

interface NoteHeaderProps {
  readonly note: VaultNote;
  readonly titleInNote?: boolean;
  /** PRES4: the other people with the note open. */
  readonly people?: readonly PresenceUser[];
}

/**
 * The note's folder path as a breadcrumb and its title (TTL1: its file name), above the editor. When the note
 * starts with a heading that says the title (TTL3), that heading is the title: this one is only read aloud.
 * Beside the title, who else has the note open (PRES5).
 */
export function NoteHeader({ note, titleInNote = false, people = [] }: NoteHeaderProps) {
  const folders = ancestorFoldersOf(note.path);
  return (
    <header className={styles.header}>
      {folders.length > 0 && (
        <nav aria-label="Folder" className={styles.breadcrumb} data-testid="note-breadcrumb">
          {folders.map((folder, index) => (
            <span key={folder} className={styles.crumb}>
              {index > 0 && (
                <span className={styles.separator} aria-hidden="true">
                  /
                </span>
              )}
              {fileNameOf(folder)}
            </span>
          ))}
        </nav>
      )}
      <div className={styles.titleRow}>
        <h1
          className={titleInNote ? styles.visuallyHidden : styles.title}
          data-testid="note-title"
          data-title-in-note={titleInNote}
        >
          {titleFromPath(note.path)}
        </h1>
        {(note.conflictOf !== null || isConflictPath(note.path)) && <ConflictPill />}
        <PresenceAvatars people={people} />
      </div>
    </header>
  );
}
