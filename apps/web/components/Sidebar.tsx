import { useNow } from '../hooks/useNow';
import type { LocalNoteRecord } from '../lib/localNoteRecord';
import { BrandMark } from './BrandMark';
import { InlineError, type Notice } from './InlineError';
import { NoteListItem } from './NoteListItem';
import styles from './Sidebar.module.css';

interface SidebarProps {
  notes: readonly LocalNoteRecord[] | null;
  selectedId: string | null;
  notice: Notice | null;
  onSelect: (docId: string) => void;
  onCreate: () => void;
}

const CLOCK_TICK_MS = 30_000;

/** The brand, the "New note" button and every known note, newest first. */
export function Sidebar({ notes, selectedId, notice, onSelect, onCreate }: SidebarProps) {
  const now = useNow(CLOCK_TICK_MS);
  return (
    <aside className={styles.sidebar}>
      <header className={styles.header}>
        <div className={styles.brand}>
          <BrandMark className={styles.logo} />
          <span>Baalda</span>
        </div>
        <button type="button" className={styles.newNote} data-testid="new-note" onClick={onCreate}>
          <span aria-hidden="true" className={styles.plus}>
            +
          </span>
          New note
        </button>
      </header>
      {notice && <InlineError notice={notice} />}
      <nav className={styles.nav} aria-label="Notes">
        {notes && notes.length === 0 && <p className={styles.empty}>No notes yet. They live on this device first.</p>}
        <ul className={styles.list}>
          {notes?.map((note) => (
            <NoteListItem
              key={note.docId}
              note={note}
              now={now}
              selected={note.docId === selectedId}
              onSelect={onSelect}
            />
          ))}
        </ul>
      </nav>
    </aside>
  );
}
