'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { syncPendingNotes } from '../lib/backgroundSync';
import { type LocalNoteRecord, sortNotesNewestFirst } from '../lib/localNoteRecord';
import { getLocalRegistry } from '../lib/localRegistry';
import { createLocalNote, type RelayProblem, refreshFromRelay, registerNote } from '../lib/noteListSync';

const REFRESH_INTERVAL_MS = 5000;

/** The code of a problem with this browser's own storage (IndexedDB), as opposed to one with the relay. */
export const LOCAL_STORAGE_FAILED = 'LOCAL_STORAGE_FAILED';

export interface NoteList {
  /** Null until the local registry has been read once. */
  readonly notes: readonly LocalNoteRecord[] | null;
  readonly problem: RelayProblem | null;
  createNote(): Promise<LocalNoteRecord>;
}

/**
 * The note list: the local registry, kept fresh from the relay every few seconds while visible. The same
 * heartbeat pushes edits of notes that are not open (see backgroundSync).
 */
export function useNoteList(): NoteList {
  const [notes, setNotes] = useState<readonly LocalNoteRecord[] | null>(null);
  const [relayProblem, setRelayProblem] = useState<RelayProblem | null>(null);
  const [storageProblem, setStorageProblem] = useState<RelayProblem | null>(null);
  const refreshing = useRef(false);

  const refresh = useCallback(async () => {
    if (refreshing.current) return;
    refreshing.current = true;
    try {
      const registry = getLocalRegistry();
      setRelayProblem((await refreshFromRelay(registry)) ?? null);
      await syncPendingNotes(registry);
      setStorageProblem(null);
    } catch (error) {
      setStorageProblem(toStorageProblem(error));
    } finally {
      refreshing.current = false;
    }
  }, []);

  useEffect(() => subscribeToRegistry(setNotes, setStorageProblem), []);
  useEffect(() => keepRefreshing(refresh), [refresh]);

  const createNote = useCallback(async () => {
    const registry = getLocalRegistry();
    const note = await createLocalNote(registry, Date.now());
    void registerNote(registry, note).then((found) => found && setRelayProblem(found));
    return note;
  }, []);

  return { notes, problem: storageProblem ?? relayProblem, createNote };
}

function subscribeToRegistry(
  setNotes: (notes: readonly LocalNoteRecord[]) => void,
  setProblem: (problem: RelayProblem) => void,
): () => void {
  const registry = getLocalRegistry();
  let scheduled = false;
  // Typing writes the open note's record on every keystroke; one re-read per frame is plenty.
  const reload = () => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(() => {
      scheduled = false;
      registry.list().then(
        (all) => setNotes(sortNotesNewestFirst(all)),
        (error) => setProblem(toStorageProblem(error)),
      );
    }, 16);
  };
  reload();
  return registry.subscribe(reload);
}

function keepRefreshing(refresh: () => Promise<void>): () => void {
  const refreshIfVisible = () => {
    if (document.visibilityState === 'visible') void refresh();
  };
  void refresh();
  const timer = setInterval(refreshIfVisible, REFRESH_INTERVAL_MS);
  window.addEventListener('online', refreshIfVisible);
  window.addEventListener('focus', refreshIfVisible);
  document.addEventListener('visibilitychange', refreshIfVisible);
  return () => {
    clearInterval(timer);
    window.removeEventListener('online', refreshIfVisible);
    window.removeEventListener('focus', refreshIfVisible);
    document.removeEventListener('visibilitychange', refreshIfVisible);
  };
}

function toStorageProblem(error: unknown): RelayProblem {
  console.error('Local note storage failed', error);
  return { code: LOCAL_STORAGE_FAILED, message: 'This browser could not read or write its local copy of the notes.' };
}
