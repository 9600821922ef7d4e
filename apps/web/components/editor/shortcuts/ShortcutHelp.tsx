'use client';

import { lazy, Suspense, useCallback, useState } from 'react';
import { useIsApplePlatform } from '../../../hooks/useIsApplePlatform';
import { useShortcutHelpShortcut } from '../../../hooks/useShortcutHelpShortcut';
import { formatShortcut, SHORTCUT_HELP_KEYS } from './editorShortcuts';
import styles from './ShortcutHelp.module.css';

// Loaded the first time it opens: most visits never do.
const ShortcutHelpDialog = lazy(() =>
  import('./ShortcutHelpDialog').then((module) => ({ default: module.ShortcutHelpDialog })),
);

/**
 * The "?" button beside the note and Ctrl-/ (⌘/), which open and close the shortcut list (MENU6). Shown only
 * while a note can be edited: a reader has no use for editing keys.
 */
export function ShortcutHelp() {
  const [open, setOpen] = useState(false);
  useShortcutHelpShortcut(useCallback(() => setOpen((shown) => !shown), []));
  const keys = formatShortcut(SHORTCUT_HELP_KEYS, useIsApplePlatform() ? 'apple' : 'other');
  return (
    <>
      <button
        type="button"
        className={styles.helpButton}
        aria-label="Keyboard shortcuts"
        aria-haspopup="dialog"
        title={`Keyboard shortcuts (${keys})`}
        data-testid="shortcut-help-button"
        onClick={() => setOpen(true)}
      >
        ?
      </button>
      {open && (
        <Suspense fallback={null}>
          <ShortcutHelpDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
