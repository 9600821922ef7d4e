'use client';

import { type KeyboardEvent, useEffect, useRef } from 'react';
import type { RenameCommit } from './treeUi';
import styles from './VaultTree.module.css';

interface RenameInputProps {
  /** The name as shown (a note's without ".md"). */
  readonly initial: string;
  /** Where the starting selection ends (an attachment's name before its extension); all of it by default. */
  readonly selectionEnd?: number;
  /** True while the tree shows why the last attempt was refused. */
  readonly invalid: boolean;
  onCommit(typed: string, how: RenameCommit): Promise<boolean>;
  onCancel(): void;
}

/** Renaming in place: Enter commits, Escape cancels, leaving the field commits. The name starts selected. */
export function RenameInput({ initial, selectionEnd, invalid, onCommit, onCancel }: RenameInputProps) {
  const input = useRef<HTMLInputElement>(null);
  // Set once the rename is being committed or cancelled, so the blur that follows (the field unmounts, or the
  // editor takes the caret) does not commit a second time.
  const settled = useRef(false);
  // Only on mount: the selection is where renaming starts, not something to restore on every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    input.current?.focus();
    input.current?.setSelectionRange(0, selectionEnd ?? initial.length);
  }, []);

  const commit = async (how: RenameCommit) => {
    if (settled.current) return;
    settled.current = true;
    const done = await onCommit(input.current?.value ?? initial, how);
    if (!done) settled.current = false;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit('enter');
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      settled.current = true;
      onCancel();
    }
  };
  return (
    <input
      ref={input}
      className={styles.renameInput}
      defaultValue={initial}
      aria-label={`New name for “${initial}”`}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? 'tree-error' : undefined}
      data-testid="rename-input"
      spellCheck={false}
      autoComplete="off"
      onKeyDown={onKeyDown}
      onBlur={() => void commit('blur')}
    />
  );
}
