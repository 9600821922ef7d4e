'use client';

import type { PresenceUser } from '@baalda/core';
import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { Awareness } from 'y-protocols/awareness';
import { isSamePeople, peopleInNote } from '../lib/presence/peopleInNote';

const NOBODY: readonly PresenceUser[] = [];

/**
 * PRES4: the other people with the note open, kept up to date from its awareness. Empty while offline: the
 * provider drops every other state when its connection closes, and the relay drops a person's states when
 * theirs does.
 */
export function usePeopleInNote(awareness: Awareness | null, selfId: string): readonly PresenceUser[] {
  const last = useRef<readonly PresenceUser[]>(NOBODY);
  const subscribe = useCallback(
    (onChange: () => void) => {
      awareness?.on('change', onChange);
      return () => awareness?.off('change', onChange);
    },
    [awareness],
  );
  const read = useCallback(() => {
    const people = awareness ? peopleInNote(awareness.getStates(), selfId) : NOBODY;
    // The same array while the same people are there: useSyncExternalStore compares snapshots by identity.
    if (!isSamePeople(last.current, people)) last.current = people;
    return last.current;
  }, [awareness, selfId]);
  return useSyncExternalStore(subscribe, read, () => NOBODY);
}
