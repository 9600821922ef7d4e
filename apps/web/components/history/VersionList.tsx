import { useNow } from '../../hooks/useNow';
import type { VersionSummary } from '../../lib/history/versionApi';
import { describeLength, describeReason, formatExactTime, formatShortTime } from '../../lib/history/versionLabels';
import { formatRelativeTime } from '../../lib/relativeTime';
import styles from './HistoryPanel.module.css';

interface VersionListProps {
  readonly versions: readonly VersionSummary[];
  readonly selectedId: string | null;
  onSelect(versionId: string): void;
}

const CLOCK_TICK_MS = 30_000;

/** The versions, newest first: why each was taken, when (exact time on hover), and how long the text was. */
export function VersionList({ versions, selectedId, onSelect }: VersionListProps) {
  const now = useNow(CLOCK_TICK_MS);
  if (versions.length === 0) {
    return (
      <p className={styles.message} data-testid="history-empty">
        No versions yet. One is kept when you pause editing (10 minutes by default), before a large deletion, and
        whenever you save one.
      </p>
    );
  }
  return (
    <ul className={styles.list} aria-label="Versions">
      {versions.map((version) => (
        <li key={version.id}>
          <button
            type="button"
            className={`${styles.item} ${version.id === selectedId ? styles.selected : ''}`}
            data-testid="history-item"
            data-reason={version.reason}
            data-version-id={version.id}
            aria-current={version.id === selectedId ? 'true' : undefined}
            onClick={() => onSelect(version.id)}
          >
            <span className={styles.reason}>{describeReason(version.reason)}</span>
            <span className={styles.meta}>
              <time dateTime={new Date(version.capturedAt).toISOString()} title={formatExactTime(version.capturedAt)}>
                {formatRelativeTime(version.capturedAt, now)} · {formatShortTime(version.capturedAt, now)}
              </time>
              <span aria-hidden="true"> · </span>
              <span>{describeLength(version.length)}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
