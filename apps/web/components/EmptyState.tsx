import styles from './EmptyState.module.css';

interface EmptyStateProps {
  /** The raw `?note=` value, which may not be a valid id. */
  selectedId: string | null;
  loading: boolean;
  failure: string | null;
  /** Starts a new note; null when the person may not (a viewer). */
  onCreate: (() => void) | null;
}

/** What the editor column shows when there is no note to edit (yet). */
export function EmptyState({ selectedId, loading, failure, onCreate }: EmptyStateProps) {
  if (failure) return <Message title="This note can’t be opened" body={failure} />;
  if (loading) return <div className={styles.loading} aria-busy="true" />;
  if (selectedId !== null) {
    return <Message title="That link doesn’t point to a note" body="Pick a note on the left, or start a new one." />;
  }
  return (
    <div className={styles.empty}>
      <h1 className={styles.title}>Your notes, on this device first.</h1>
      <p className={styles.body}>
        {onCreate
          ? 'Pick a note on the left, or start a new one. Everything you write is saved here right away and synced when the relay is reachable.'
          : 'Pick a note on the left to read it. You can read this vault but not change it.'}
      </p>
      {onCreate && (
        <button type="button" className={styles.button} onClick={onCreate}>
          Start a new note
        </button>
      )}
    </div>
  );
}

function Message({ title, body }: { title: string; body: string }) {
  return (
    <div className={styles.empty}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.body}>{body}</p>
    </div>
  );
}
