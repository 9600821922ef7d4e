import type { RefObject } from 'react';
import styles from './HistoryPanel.module.css';

interface HistoryButtonProps {
  readonly buttonRef: RefObject<HTMLButtonElement | null>;
  readonly expanded: boolean;
  onToggle(): void;
}

/** Opens and closes the open note's history; it sits beside the sync badge, which stays in view. */
export function HistoryButton({ buttonRef, expanded, onToggle }: HistoryButtonProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className={styles.historyButton}
      data-testid="history-button"
      aria-expanded={expanded}
      aria-controls={expanded ? 'history-panel' : undefined}
      onClick={onToggle}
    >
      History
    </button>
  );
}
