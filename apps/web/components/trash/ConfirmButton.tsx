'use client';

import { useEffect, useRef, useState } from 'react';
import styles from './TrashList.module.css';

interface ConfirmButtonProps {
  readonly label: string;
  /** The question asked before acting, e.g. "Delete for good?". */
  readonly question: string;
  readonly confirmLabel: string;
  readonly testId: string;
  readonly disabled?: boolean;
  onConfirm(): void;
}

/**
 * A button for something that can't be undone: the first press asks, in place, and only the second acts.
 * Calmer than a browser dialog, and it keeps the person's eyes where they were.
 */
export function ConfirmButton({ label, question, confirmLabel, testId, disabled, onConfirm }: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) cancel.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button
        type="button"
        className={styles.quiet}
        data-testid={testId}
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <span className={styles.confirm}>
      <span className={styles.question}>{question}</span>
      <button
        type="button"
        className={styles.danger}
        data-testid="confirm-action"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button ref={cancel} type="button" className={styles.quiet} onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
