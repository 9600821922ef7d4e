import {
  createNoteLinkResolver,
  entryKindOf,
  type NoteLinkResolver,
  pathKey,
  titleFromPath,
  type VaultNote,
} from '@baalda/core';

/** A note the `[[` picker offers. */
export interface LinkCandidate {
  readonly docId: string;
  readonly path: string;
  readonly title: string;
}

/** LINK3: notes the picker lists at once; typing narrows them. */
export const MAX_LINK_CANDIDATES = 8;

type Listener = () => void;

/**
 * LINK1: the device's view of the vault's live notes, for the editor's note links: their current titles
 * (a link shows its note's title now), the picker's candidates and the names typed `[[links]]` resolve
 * to. It works offline from the tree this device keeps; node views subscribe to follow renames and moves.
 */
export class NoteDirectory {
  private notes: readonly VaultNote[] = [];
  private byId = new Map<string, VaultNote>();
  private resolver: NoteLinkResolver = createNoteLinkResolver([]);
  private readonly listeners = new Set<Listener>();
  private changes = 0;

  /** Replaces the notes (the tree's live notes) and tells subscribers when anything they show changed. */
  setNotes(notes: readonly VaultNote[]): void {
    if (notes === this.notes) return;
    this.notes = notes;
    this.byId = new Map(notes.map((note) => [note.docId, note]));
    this.resolver = createNoteLinkResolver(notes);
    this.changes += 1;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Grows with every change of the notes (a snapshot for React's useSyncExternalStore). */
  version = (): number => this.changes;

  /** The note's current path, or undefined when it is not a live note this device knows. */
  pathOf(docId: string): string | undefined {
    return this.byId.get(docId)?.path;
  }

  /** The docId a name typed in `[[…]]` points at (LNK3's reading rules). */
  docIdOf(name: string): string | undefined {
    return this.resolver.docIdOf(name);
  }

  /** LNK3: the name Markdown writes for the note now. */
  linkTextOf(docId: string): string | undefined {
    return this.resolver.linkTextOf(docId);
  }

  /** The resolver for Markdown conversions on this device (an import, say). */
  get links(): NoteLinkResolver {
    return this.resolver;
  }

  /**
   * LINK3: notes whose title or path holds every word of `query` (any order, any case), titles that
   * start with the query first, then shorter paths. Attachments too: a link may point at a file.
   */
  candidates(query: string, limit = MAX_LINK_CANDIDATES): LinkCandidate[] {
    const words = pathKey(query).split(/\s+/).filter(Boolean);
    const scored: Array<{ note: VaultNote; rank: number }> = [];
    for (const note of this.notes) {
      const key = pathKey(note.path);
      if (!words.every((word) => key.includes(word))) continue;
      const title = pathKey(titleFromPath(note.path));
      const rank = (title.startsWith(pathKey(query.trim())) ? 0 : 2) + (entryKindOf(note.path) === 'note' ? 0 : 1);
      scored.push({ note, rank });
    }
    scored.sort(
      (a, b) => a.rank - b.rank || a.note.path.length - b.note.path.length || compare(a.note.path, b.note.path),
    );
    return scored.slice(0, limit).map(({ note }) => ({
      docId: note.docId,
      path: note.path,
      title: titleFromPath(note.path),
    }));
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
