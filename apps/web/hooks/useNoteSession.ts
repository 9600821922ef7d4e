'use client';

import { isValidDocId } from '@baalda/core';
import { useEffect, useState } from 'react';
import type { NoteSession, NoteStorage } from '../lib/noteSession';
import { acquireNoteSession, releaseNoteSession } from '../lib/noteSessions';

/** The open note's session: created when `docId` is selected, destroyed when another note is. */
export function useNoteSession(
  docId: string | null,
  storage: NoteStorage,
): { session: NoteSession | null; failure: string | null } {
  const [session, setSession] = useState<NoteSession | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (docId === null || !isValidDocId(docId)) return undefined;
    let cancelled = false;
    setFailure(null);
    // The note on screen goes before background catch-ups in the socket's window (SW1).
    acquireNoteSession(docId, storage, 'foreground').then(
      (opened) => {
        if (!cancelled) setSession(opened);
      },
      (error: unknown) => {
        console.error(`Could not open note ${docId}`, error);
        if (!cancelled) setFailure('This note could not be opened from this device’s storage.');
      },
    );
    return () => {
      cancelled = true;
      releaseNoteSession(docId, storage);
      setSession(null);
    };
  }, [docId, storage]);
  // For one render after switching notes the state still holds the previous session; never hand it out.
  return { session: session?.docId === docId ? session : null, failure };
}
