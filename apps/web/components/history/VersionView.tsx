'use client';

import { useEffect, useRef, useState } from 'react';
import type { VersionDetail } from '../../lib/history/versionApi';
import type { SelectedVersion } from '../../lib/history/versionHistory';
import { describeReason, formatExactTime } from '../../lib/history/versionLabels';
import { DiffView } from './DiffView';
import styles from './HistoryPanel.module.css';

interface VersionViewProps {
  readonly selected: SelectedVersion;
  /** The note's text now, from this browser's Y.Doc: the diff follows edits as they happen. */
  readonly currentText: string;
  /** Why restoring is not possible right now (a trashed note is read-only), or null. */
  readonly restoreBlocked: string | null;
  readonly restoring: boolean;
  onRestore(versionId: string): void;
}

/** One version: its diff against the note as it is now or its full text, and the way to restore it. */
export function VersionView({ selected, currentText, restoreBlocked, restoring, onRestore }: VersionViewProps) {
  const [mode, setMode] = useState<Mode>('diff');
  if (selected.status === 'loading') return <p className={styles.message}>Loading this version…</p>;
  if (selected.status === 'failed') {
    return (
      <p className={styles.error} role="alert">
        This version could not be shown. {selected.message}
      </p>
    );
  }
  const { version } = selected;
  const unchanged = version.text === currentText;
  return (
    <section
      className={styles.version}
      aria-label={`${describeReason(version.reason)}, ${formatExactTime(version.capturedAt)}`}
    >
      <ModeSwitch mode={mode} onChange={setMode} />
      {mode === 'diff' ? (
        <DiffView key={version.id} before={version.text} after={currentText} />
      ) : (
        <pre className={styles.fullText} data-testid="history-text">
          {version.text === '' ? 'This version is empty.' : version.text}
        </pre>
      )}
      <RestoreControl
        key={version.id}
        version={version}
        blocked={restoreBlocked ?? (unchanged ? 'The note already says exactly this.' : null)}
        restoring={restoring}
        onRestore={onRestore}
      />
    </section>
  );
}

type Mode = 'diff' | 'full';

/** Two toggle buttons: the version as a diff against the note now, or its whole text. */
function ModeSwitch({ mode, onChange }: { mode: Mode; onChange(mode: Mode): void }) {
  return (
    <fieldset className={styles.modes}>
      <legend className={styles.visuallyHidden}>Show</legend>
      {(['diff', 'full'] as const).map((each) => (
        <button key={each} type="button" aria-pressed={mode === each} onClick={() => onChange(each)}>
          {each === 'diff' ? 'Diff' : 'Full text'}
        </button>
      ))}
    </fieldset>
  );
}

interface RestoreControlProps {
  readonly version: VersionDetail;
  readonly blocked: string | null;
  readonly restoring: boolean;
  onRestore(versionId: string): void;
}

/**
 * Restoring replaces the note's text for everyone editing it, so the first press asks, in place; the relay
 * keeps the replaced text as a version first (VC6), which the question says so nobody fears losing it.
 */
function RestoreControl({ version, blocked, restoring, onRestore }: RestoreControlProps) {
  const [asking, setAsking] = useState(false);
  if (asking) {
    return (
      <RestoreQuestion
        onConfirm={() => {
          setAsking(false);
          onRestore(version.id);
        }}
        onCancel={() => setAsking(false)}
      />
    );
  }
  return (
    <div className={styles.restore}>
      <button
        type="button"
        className={styles.primary}
        data-testid="history-restore"
        disabled={blocked !== null || restoring}
        onClick={() => setAsking(true)}
      >
        {restoring ? 'Restoring…' : 'Restore this version'}
      </button>
      {blocked && <span className={styles.hint}>{blocked}</span>}
    </div>
  );
}

// The caret goes to Cancel, so a second Enter can't restore by accident.
function RestoreQuestion({ onConfirm, onCancel }: { onConfirm(): void; onCancel(): void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div className={styles.restore}>
      <span className={styles.question}>
        Replace the note’s text with this version? The current text is kept as a version first.
      </span>
      <button type="button" className={styles.primary} data-testid="history-restore-confirm" onClick={onConfirm}>
        Restore
      </button>
      <button ref={cancel} type="button" className={styles.quiet} onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
