import type { ConnectionStatus } from '@baalda/core';

/**
 * Whether this device may show an open note, as far as the relay has said:
 * - `checking`: the relay is (or is about to be) reachable and has not answered yet. The local copy is
 *   held back, so a note this person may no longer read never flashes on screen before the refusal.
 * - `local`: no answer is coming soon (offline, relay down, slow link, or a refusal that is not about
 *   this note), so the local copy is shown: local-first.
 * - `granted`: the relay let this session sync the note.
 * - `denied`: the relay said the note does not exist for this person (it was deleted, or it is in a private
 *   folder they are not a member of). Final for the session; the local copy is to be removed.
 */
export type NoteAccess = 'checking' | 'local' | 'granted' | 'denied';

/**
 * What the relay's sync refusal (Hocuspocus `permission-denied`, whose reason starts with the relay's error
 * code) means for a note: `noAccess` for `NOT_FOUND` (the relay gives the same answer for a note that does not
 * exist and one that is hidden, so ids can't be probed), `signedOut` for `UNAUTHENTICATED` (the session died;
 * nothing about the note is known), `other` for anything else.
 */
export type SyncRefusal = 'noAccess' | 'signedOut' | 'other';

export type NoteAccessEvent =
  | { readonly kind: 'connection'; readonly status: ConnectionStatus }
  | { readonly kind: 'authenticated' }
  | { readonly kind: 'refused'; readonly reason: string }
  /** The relay took too long to answer; a stalled link must not keep a local note out of sight. */
  | { readonly kind: 'patienceOver' };

/** Reads the error code at the start of a refusal reason, e.g. `NOT_FOUND: no such document is open to you.` */
export function classifySyncRefusal(reason: string): SyncRefusal {
  const code = reason.split(':', 1)[0]?.trim();
  if (code === 'NOT_FOUND') return 'noAccess';
  if (code === 'UNAUTHENTICATED') return 'signedOut';
  return 'other';
}

/** Where a session starts: with no connection in sight there is no answer to wait for. */
export function initialNoteAccess(connection: ConnectionStatus): NoteAccess {
  return connection === 'disconnected' ? 'local' : 'checking';
}

/** The next state. `denied` is final, and a note once shown stays shown until it is denied. */
export function nextNoteAccess(current: NoteAccess, event: NoteAccessEvent): NoteAccess {
  if (current === 'denied') return current;
  switch (event.kind) {
    case 'authenticated':
      return 'granted';
    case 'refused':
      if (classifySyncRefusal(event.reason) === 'noAccess') return 'denied';
      return current === 'checking' ? 'local' : current;
    case 'connection':
      return current === 'checking' && event.status === 'disconnected' ? 'local' : current;
    case 'patienceOver':
      return current === 'checking' ? 'local' : current;
  }
}

/** True when the note's text (and its title) may be on screen. */
export function isNoteTextShown(access: NoteAccess): boolean {
  return access === 'local' || access === 'granted';
}
