import type { WindowPriority } from '@baalda/sync-client';
import { type NoteSession, type NoteStorage, openNoteSession } from './noteSession';

interface Entry {
  readonly opening: Promise<NoteSession>;
  refs: number;
}

// One session per note, shared by the editor and the background syncer: two providers for the same document
// on one socket would be refused by the provider, and two Y.Docs for one note would only waste memory.
// Keyed by the note's local database, so two users' copies of one note are never the same session.
const entries = new Map<string, Entry>();

/**
 * The note's session, opened on first use; pair every call with {@link releaseNoteSession}. A session the
 * background syncer opened is promoted when the editor asks for it, so the note a person opened never waits
 * behind the backlog (SW1).
 */
export function acquireNoteSession(
  docId: string,
  storage: NoteStorage,
  priority: WindowPriority,
): Promise<NoteSession> {
  const key = storage.databaseFor(docId);
  const existing = entries.get(key);
  if (existing) {
    existing.refs += 1;
    if (priority === 'foreground')
      void existing.opening.then(
        (session) => session.promote(),
        () => undefined,
      );
    return existing.opening;
  }
  const entry: Entry = { opening: openNoteSession(docId, storage, priority), refs: 1 };
  entries.set(key, entry);
  entry.opening.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return entry.opening;
}

/** Gives a session back; the last holder's release closes it. */
export function releaseNoteSession(docId: string, storage: NoteStorage): void {
  const docKey = storage.databaseFor(docId);
  const entry = entries.get(docKey);
  if (!entry) return;
  entry.refs -= 1;
  if (entry.refs > 0) return;
  // Closing waits a tick, so a release immediately followed by an acquire (React's StrictMode re-running an
  // effect, or the editor opening a note the background syncer is finishing) keeps the same session.
  entry.opening.then(
    (session) => {
      if (entry.refs > 0 || entries.get(docKey) !== entry) return;
      entries.delete(docKey);
      session.destroy();
    },
    () => undefined,
  );
}
