'use client';

import { useState } from 'react';
import styles from './Settings.module.css';

interface CopyButtonProps {
  readonly text: string;
  /** What is copied, for the button's accessible name ("Copy invite link"). */
  readonly what: string;
}

/**
 * Copies `text` to the clipboard and says so. Where the clipboard is refused (no permission, not a secure
 * context), it says to copy by hand: the text sits in a read-only field beside the button.
 */
export function CopyButton({ text, what }: CopyButtonProps) {
  const [outcome, setOutcome] = useState<'idle' | 'copied' | 'refused'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch {
      setOutcome('refused');
    }
  };
  return (
    <>
      <button type="button" className={styles.button} aria-label={`Copy ${what}`} onClick={() => void copy()}>
        {outcome === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <span className={styles.hint} role="status">
        {outcome === 'refused' ? 'Copying was refused: select the text and copy it yourself.' : ''}
      </span>
    </>
  );
}
