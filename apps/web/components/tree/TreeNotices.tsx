import type { TreeNotice } from '../../lib/vault/vaultStoreTypes';
import styles from './TreeNotices.module.css';

interface TreeNoticesProps {
  /** A refusal of something just tried here (a name core refused), shown first. */
  readonly error: string | null;
  onDismissError(): void;
  /** Changes the relay refused and that were undone here. */
  readonly notices: readonly TreeNotice[];
  onDismissNotice(id: number): void;
}

/** Why a tree change did not happen, in core's words (which name the rule), each dismissible. */
export function TreeNotices({ error, onDismissError, notices, onDismissNotice }: TreeNoticesProps) {
  if (error === null && notices.length === 0) return null;
  return (
    <div className={styles.stack}>
      {error !== null && <Notice id="tree-error" message={error} onDismiss={onDismissError} />}
      {notices.map((notice) => (
        <Notice key={notice.id} message={notice.message} onDismiss={() => onDismissNotice(notice.id)} />
      ))}
    </div>
  );
}

function Notice({ id, message, onDismiss }: { id?: string; message: string; onDismiss: () => void }) {
  return (
    <div className={styles.notice} id={id} role="alert" data-testid="tree-error">
      <span className={styles.message}>{message}</span>
      <button
        type="button"
        className={styles.dismiss}
        aria-label="Dismiss"
        data-testid="dismiss-error"
        onClick={onDismiss}
      >
        ×
      </button>
    </div>
  );
}
