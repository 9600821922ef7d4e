import { describe, expect, it } from 'vitest';
import {
  classifySyncRefusal,
  initialNoteAccess,
  isNoteTextShown,
  type NoteAccess,
  type NoteAccessEvent,
  nextNoteAccess,
} from './noteAccess';

const notFound: NoteAccessEvent = { kind: 'refused', reason: 'NOT_FOUND: no such document is open to you.' };
const signedOut: NoteAccessEvent = {
  kind: 'refused',
  reason: 'UNAUTHENTICATED: sign in, or pass a valid access token.',
};
const authenticated: NoteAccessEvent = { kind: 'authenticated' };

function replay(start: NoteAccess, events: readonly NoteAccessEvent[]): NoteAccess {
  return events.reduce(nextNoteAccess, start);
}

describe('sync refusal reasons', () => {
  it('[ACL8] reads the relay’s NOT_FOUND as no access and UNAUTHENTICATED as a dead session', () => {
    expect(classifySyncRefusal('NOT_FOUND: no such document is open to you.')).toBe('noAccess');
    expect(classifySyncRefusal('UNAUTHENTICATED: sign in, or pass a valid access token.')).toBe('signedOut');
    expect(classifySyncRefusal('NOT_FOUND')).toBe('noAccess');
  });

  it('never takes another refusal for no access (its local copy must not be removed)', () => {
    for (const reason of ['permission-denied', 'Failed to get token during sendToken(): x', '', 'not_found: x']) {
      expect(classifySyncRefusal(reason)).toBe('other');
    }
    expect(classifySyncRefusal('FORBIDDEN: NOT_FOUND')).toBe('other');
  });
});

describe('note access', () => {
  it('holds the local copy back while the relay is reachable and has not answered', () => {
    expect(initialNoteAccess('connected')).toBe('checking');
    expect(initialNoteAccess('connecting')).toBe('checking');
    expect(isNoteTextShown('checking')).toBe(false);
  });

  it('shows the local copy at once offline, and when the relay stays silent or goes away', () => {
    expect(initialNoteAccess('disconnected')).toBe('local');
    expect(nextNoteAccess('checking', { kind: 'patienceOver' })).toBe('local');
    expect(nextNoteAccess('checking', { kind: 'connection', status: 'disconnected' })).toBe('local');
    expect(nextNoteAccess('checking', { kind: 'connection', status: 'connected' })).toBe('checking');
    expect(isNoteTextShown('local')).toBe(true);
  });

  it('[ACL8] shows the note once the relay lets the session sync it', () => {
    expect(nextNoteAccess('checking', authenticated)).toBe('granted');
    expect(nextNoteAccess('local', authenticated)).toBe('granted');
    expect(isNoteTextShown('granted')).toBe(true);
  });

  it('[ACL8] a NOT_FOUND refusal denies the note, whether it was shown yet or not (regression: a note in a private folder stayed editable from the local copy, stuck on "Syncing…")', () => {
    for (const start of ['checking', 'local', 'granted'] as const) {
      expect(nextNoteAccess(start, notFound)).toBe('denied');
    }
    expect(isNoteTextShown('denied')).toBe(false);
  });

  it('[ACL6] a note open when its person is taken out of the folder is denied on the reconnect', () => {
    const events: NoteAccessEvent[] = [
      authenticated,
      { kind: 'connection', status: 'disconnected' },
      { kind: 'connection', status: 'connecting' },
      { kind: 'connection', status: 'connected' },
      notFound,
    ];
    expect(replay('checking', events)).toBe('denied');
  });

  it('denied is final: no later answer, reconnection or timeout brings the note back', () => {
    const events: NoteAccessEvent[] = [
      authenticated,
      { kind: 'connection', status: 'disconnected' },
      { kind: 'patienceOver' },
      signedOut,
    ];
    expect(replay('denied', events)).toBe('denied');
  });

  it('a dead session keeps the local copy on screen (its unsent edits are kept; sign-in takes over)', () => {
    expect(nextNoteAccess('checking', signedOut)).toBe('local');
    expect(nextNoteAccess('granted', signedOut)).toBe('granted');
    expect(nextNoteAccess('checking', { kind: 'refused', reason: 'permission-denied' })).toBe('local');
  });

  it('a note once shown stays shown through reconnections until the relay answers again', () => {
    const events: NoteAccessEvent[] = [
      { kind: 'connection', status: 'connecting' },
      { kind: 'connection', status: 'connected' },
      { kind: 'patienceOver' },
    ];
    expect(replay('local', events)).toBe('local');
    expect(replay('granted', events)).toBe('granted');
  });
});
