'use client';

import { useCallback, useSyncExternalStore } from 'react';
import type { NoteAccess } from '../lib/noteAccess';
import type { NoteSession } from '../lib/noteSession';

const NO_SESSION = (): NoteAccess => 'checking';

/** What the relay said about the open note (see lib/noteAccess); `checking` while there is no session yet. */
export function useNoteAccess(session: NoteSession | null): NoteAccess {
  const subscribe = useCallback(
    (listener: () => void) => (session ? session.subscribe(listener) : () => undefined),
    [session],
  );
  return useSyncExternalStore(subscribe, session ? session.getAccess : NO_SESSION, NO_SESSION);
}
