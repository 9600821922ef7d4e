'use client';

import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import type * as Y from 'yjs';
import { useLiveText } from '../../hooks/useLiveText';
import { useVersionHistory } from '../../hooks/useVersionHistory';
import type { VersionApi } from '../../lib/history/versionApi';
import type { HistoryState, VersionHistory, VersionListView } from '../../lib/history/versionHistory';
import { describeNotice } from '../../lib/history/versionLabels';
import styles from './HistoryPanel.module.css';
import { VersionList } from './VersionList';
import { VersionView } from './VersionView';

interface HistoryPanelProps {
  readonly docId: string;
  readonly ydoc: Y.Doc;
  /** The open vault's history routes. */
  readonly api: VersionApi;
  /**
   * Why nothing can be saved or restored, or null when it can: a note in the trash (TR1), or a vault the
   * person may only read. Its history can still be read.
   */
  readonly readOnlyReason: string | null;
  onClose(): void;
}

/**
 * The open note's versions beside the editor. Not a modal: the note stays in view and keeps syncing, so a
 * restore shows up in the editor as any collaborator's edit would (the relay applies it; VC6), and the diff
 * follows the text as it changes.
 */
export function HistoryPanel({ docId, ydoc, api, readOnlyReason, onClose }: HistoryPanelProps) {
  const { state, history } = useVersionHistory(docId, api);
  const currentText = useLiveText(ydoc);
  const headingId = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };
  return (
    <aside
      id="history-panel"
      className={styles.panel}
      aria-labelledby={headingId}
      data-testid="history-panel"
      onKeyDown={onKeyDown}
    >
      <PanelHeader headingId={headingId} state={state} history={history} onClose={onClose} />
      <SaveNow state={state} history={history} readOnlyReason={readOnlyReason} />
      <NoticeLine state={state} />
      <ListBody list={state.list} selectedId={state.selected?.id ?? null} onSelect={(id) => void history?.select(id)} />
      {state.selected && (
        <VersionView
          selected={state.selected}
          currentText={currentText}
          restoreBlocked={readOnlyReason}
          restoring={state.action === 'restoring'}
          onRestore={(id) => void history?.restore(id)}
        />
      )}
    </aside>
  );
}

interface PartProps {
  readonly state: HistoryState;
  /** Null for the one render before the note's history exists. */
  readonly history: VersionHistory | null;
}

/** The title (which takes the focus on open, so the keyboard lands in the panel), Refresh and Close. */
function PanelHeader({ headingId, state, history, onClose }: PartProps & { headingId: string; onClose(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <header className={styles.header}>
      <h2 id={headingId} ref={heading} className={styles.title} tabIndex={-1}>
        History
      </h2>
      <button
        type="button"
        className={styles.quiet}
        data-testid="history-refresh"
        disabled={!history || state.refreshing}
        onClick={() => void history?.refresh()}
      >
        {state.refreshing ? 'Refreshing…' : 'Refresh'}
      </button>
      <button type="button" className={styles.quiet} aria-label="Close history" onClick={onClose}>
        ✕
      </button>
    </header>
  );
}

/** VC4 happens on the relay: saving unchanged text is answered with a notice, not a duplicate version. */
function SaveNow({ state, history, readOnlyReason }: PartProps & { readOnlyReason: string | null }) {
  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={styles.quiet}
        data-testid="history-save-now"
        disabled={!history || readOnlyReason !== null || state.action !== null}
        title={readOnlyReason ?? 'Keep the note’s text as it is now as a version'}
        onClick={() => void history?.saveNow()}
      >
        {state.action === 'saving' ? 'Saving…' : 'Save version now'}
      </button>
      {readOnlyReason && <span className={styles.hint}>{readOnlyReason}</span>}
    </div>
  );
}

/** The one status line: always in the page, so a screen reader announces a new message when it appears. */
function NoticeLine({ state }: { state: HistoryState }) {
  const notice = state.notice;
  return (
    <p
      className={notice?.kind === 'failed' ? styles.error : styles.notice}
      role="status"
      data-testid="history-status"
      data-kind={notice?.kind ?? ''}
    >
      {notice ? describeNotice(notice, Date.now()) : ''}
    </p>
  );
}

interface ListBodyProps {
  readonly list: VersionListView;
  readonly selectedId: string | null;
  onSelect(versionId: string): void;
}

function ListBody({ list, selectedId, onSelect }: ListBodyProps) {
  switch (list.status) {
    case 'loading':
      return <p className={styles.message}>Loading history…</p>;
    case 'ready':
      return <VersionList versions={list.versions} selectedId={selectedId} onSelect={onSelect} />;
    case 'offline':
      return (
        <p className={styles.message} data-testid="history-offline">
          History is kept on the server; reconnect to see it.
        </p>
      );
    case 'unknownNote':
      return (
        <p className={styles.message} data-testid="history-empty">
          The server has no copy of this note yet, so it has no history. It will once the note syncs.
        </p>
      );
    case 'failed':
      return (
        <p className={styles.error} role="alert">
          History could not be loaded. {list.message}
        </p>
      );
  }
}
