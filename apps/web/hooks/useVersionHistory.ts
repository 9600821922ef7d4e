'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import type { VersionApi } from '../lib/history/versionApi';
import { createVersionHistory, type HistoryState, type VersionHistory } from '../lib/history/versionHistory';
import { getConnectionStatus, subscribeToConnection } from '../lib/syncSocket';

const LOADING: HistoryState = {
  list: { status: 'loading' },
  refreshing: false,
  selected: null,
  action: null,
  notice: null,
};
const IGNORE = () => () => {};

/**
 * The open note's history while the panel is shown: read when it opens (versions are taken on the relay
 * while the panel is closed), every 30 s while it stays open, and again when the relay comes back if it
 * was out of reach.
 */
export function useVersionHistory(
  docId: string,
  api: VersionApi,
): { state: HistoryState; history: VersionHistory | null } {
  const [owned, setOwned] = useState<{ docId: string; history: VersionHistory } | null>(null);
  useEffect(() => {
    const history = createVersionHistory(docId, api);
    setOwned({ docId, history });
    void history.refresh();
    return () => history.dispose();
  }, [docId, api]);
  // For one render after switching notes the state still holds the previous note's history; never show it.
  const history = owned?.docId === docId ? owned.history : null;
  const state = useSyncExternalStore(
    history?.subscribe ?? IGNORE,
    () => history?.getState() ?? LOADING,
    () => LOADING,
  );
  useRefreshOnReconnect(history, state.list.status === 'offline');
  useRefreshWhileOpen(history);
  return { state, history };
}

// The relay keeps versions on its own (a quiet period ending, another person's large deletion); the
// relay doesn't announce them yet, so an open panel looks again now and then.
const REFRESH_WHILE_OPEN_MS = 30_000;

function useRefreshWhileOpen(history: VersionHistory | null): void {
  useEffect(() => {
    if (!history) return undefined;
    const timer = setInterval(() => {
      if (getConnectionStatus() === 'connected') void history.refresh();
    }, REFRESH_WHILE_OPEN_MS);
    return () => clearInterval(timer);
  }, [history]);
}

function useRefreshOnReconnect(history: VersionHistory | null, offline: boolean): void {
  useEffect(() => {
    if (!history || !offline) return undefined;
    return subscribeToConnection(() => {
      if (getConnectionStatus() === 'connected') void history.refresh();
    });
  }, [history, offline]);
}
