'use client';

import { type MouseEvent, useId, useRef } from 'react';
import { useIsApplePlatform } from '../../../hooks/useIsApplePlatform';
import { useModalDialog } from '../../../hooks/useModalDialog';
import { EDITOR_SHORTCUTS, formatShortcut } from './editorShortcuts';
import styles from './ShortcutHelp.module.css';

/** The editor's keyboard shortcuts, with this keyboard's keys; Escape, Close or the backdrop end it (MENU6). */
export function ShortcutHelpDialog({ onClose }: { onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useModalDialog(dialog);
  const platform = useIsApplePlatform() ? 'apple' : 'other';
  const headingId = useId();
  // A click on the backdrop lands on the dialog element itself (its box holds everything inside).
  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click has its key in Escape (the dialog's cancel).
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={headingId}
      data-testid="shortcut-help"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={onDialogClick}
    >
      <div className={styles.body}>
        <header className={styles.header}>
          <h2 id={headingId} className={styles.title}>
            Keyboard shortcuts
          </h2>
          <button type="button" className={styles.close} onClick={onClose}>
            Close
          </button>
        </header>
        <div className={styles.groups}>
          {EDITOR_SHORTCUTS.map((group) => (
            <section key={group.title} aria-label={group.title}>
              <h3 className={styles.groupTitle}>{group.title}</h3>
              <dl className={styles.list}>
                {group.shortcuts.map((shortcut) => (
                  <div key={shortcut.action} className={styles.row}>
                    <dt>{shortcut.action}</dt>
                    <dd>
                      <kbd className={styles.keys}>{formatShortcut(shortcut.keys, platform)}</kbd>
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </div>
    </dialog>
  );
}
