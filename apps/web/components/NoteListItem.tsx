import type { MouseEvent } from 'react';
import type { LocalNoteRecord } from '../lib/localNoteRecord';
import { noteHref } from '../lib/noteUrl';
import { formatRelativeTime } from '../lib/relativeTime';
import styles from './NoteListItem.module.css';

interface NoteListItemProps {
  note: LocalNoteRecord;
  now: number;
  selected: boolean;
  onSelect: (docId: string) => void;
}

/** One row of the list. A real link, so a note can be opened in a new tab or copied as a URL. */
export function NoteListItem({ note, now, selected, onSelect }: NoteListItemProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    if (!selected) onSelect(note.docId);
  };
  return (
    <li>
      <a
        href={noteHref(note.docId)}
        className={selected ? `${styles.item} ${styles.selected}` : styles.item}
        aria-current={selected ? 'page' : undefined}
        data-testid="note-item"
        data-doc-id={note.docId}
        onClick={onClick}
      >
        <span className={styles.title}>{note.title}</span>
        {note.updatedAt > 0 ? (
          <time className={styles.time} dateTime={new Date(note.updatedAt).toISOString()}>
            {formatRelativeTime(note.updatedAt, now)}
          </time>
        ) : (
          <span className={styles.time}>Not synced yet</span>
        )}
      </a>
    </li>
  );
}
