import styles from './EmptyState.module.css';

interface EmptyStateProps {
  /** The raw `?note=` value, which may not be a valid id. */
  selectedId: string | null;
  loading: boolean;
  /** The relay said the note is not open to this person (deleted, or in a private folder they're not in). */
  denied: boolean;
  failure: string | null;
  /** Starts a new note; null when the person may not (a viewer). */
  onCreate: (() => void) | null;
}

/** What the editor column shows when there is no note to edit (yet). */
export function EmptyState({ selectedId, loading, denied, failure, onCreate }: EmptyStateProps) {
  if (failure) return <Message title="This note can’t be opened" body={failure} />;
  // The same words whether the note was deleted or hidden: the relay doesn't say which, so ids can't be probed.
  if (denied) {
    return (
      <Message
        title="This note isn’t available"
        body="It may have been deleted, or moved into a private folder you’re not a member of."
        testId="note-unavailable"
      />
    );
  }
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

function Message({ title, body, testId }: { title: string; body: string; testId?: string }) {
  return (
    <div className={styles.empty} data-testid={testId}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.body}>{body}</p>
    </div>
  );
}
