import type { SyncState } from '@baalda/core';
import styles from './SyncBadge.module.css';

const LABELS: Record<SyncState['kind'], string> = {
  offline: 'Offline',
  syncing: 'Syncing…',
  synced: 'Synced',
};

const EXPLANATIONS: Record<SyncState['kind'], string> = {
  offline: 'The relay is out of reach. Edits are saved on this device and sync when it is back.',
  syncing: 'Sending edits to the relay.',
  synced: 'Every edit is on this device and on the relay.',
};

/** SYNC6 made visible: the note's sync state and how many local edits the relay has not acknowledged. */
export function SyncBadge({ state }: { state: SyncState }) {
  const count = state.pendingChanges;
  return (
    // Not a live region on purpose: it flips to "Syncing…" and back on every keystroke, which a screen
    // reader would announce as chatter. The state stays readable on demand.
    <div className={styles.badge} data-testid="sync-state" data-state={state.kind} title={EXPLANATIONS[state.kind]}>
      <span className={`${styles.dot} ${styles[state.kind]}`} aria-hidden="true" />
      <span className={styles.label}>{LABELS[state.kind]}</span>
      <span className={count > 0 ? styles.pending : styles.quiet}>
        <span data-testid="pending-count">{count}</span> {describePending(count)}
      </span>
    </div>
  );
}

// One wording for every count (muted at zero), so the badge keeps its width while typing flips it between
// "Syncing…" and "Synced" many times a second.
function describePending(count: number): string {
  return count === 1 ? 'local change not yet synced' : 'local changes not yet synced';
}
