import type { LocalRegistry } from './localRegistry';
import { type NoteSession, openNoteSession } from './noteSession';

interface Entry {
  readonly opening: Promise<NoteSession>;
  refs: number;
}

// One session per note, shared by the editor and the background syncer: two providers for the same document
// on one socket would be refused by the provider, and two Y.Docs for one note would only waste memory.
const entries = new Map<string, Entry>();

/** The note's session, opened on first use; pair every call with {@link releaseNoteSession}. */
export function acquireNoteSession(docId: string, registry: LocalRegistry): Promise<NoteSession> {
  const existing = entries.get(docId);
  if (existing) {
    existing.refs += 1;
    return existing.opening;
  }
  const entry: Entry = { opening: openNoteSession(docId, registry), refs: 1 };
  entries.set(docId, entry);
  entry.opening.catch(() => {
    if (entries.get(docId) === entry) entries.delete(docId);
  });
  return entry.opening;
}

/** Gives a session back; the last holder's release closes it. */
export function releaseNoteSession(docId: string): void {
  const entry = entries.get(docId);
  if (!entry) return;
  entry.refs -= 1;
  if (entry.refs > 0) return;
  // Closing waits a tick, so a release immediately followed by an acquire (React's StrictMode re-running an
  // effect, or the editor opening a note the background syncer is finishing) keeps the same session.
  entry.opening.then(
    (session) => {
      if (entry.refs > 0 || entries.get(docId) !== entry) return;
      entries.delete(docId);
      session.destroy();
    },
    () => undefined,
  );
}
