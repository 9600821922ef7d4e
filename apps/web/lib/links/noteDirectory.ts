import {
  createNoteLinkResolver,
  entryKindOf,
  type FolderRestriction,
  isReadableByEveryReaderOf,
  pathKey,
  titleFromPath,
  type VaultNote,
} from '@baalda/core';
import type { NoteLinkResolver } from '@baalda/markdown';

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
  private privateFolders: readonly FolderRestriction[] | null = null;
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

  /**
   * LNK8: the private folders this person is in, by path key (null until read): every private folder that
   * holds a note they can read, since they are in each one that does.
   */
  setPrivateFolders(keys: ReadonlySet<string> | null): void {
    this.privateFolders = keys === null ? null : [...keys].map((folderKey) => ({ folderKey, members: new Set() }));
  }

  /**
   * LNK8: whether a link written into the note `fromDocId` may hold the docId of the entry at `toPath`:
   * everyone who may read the one may read the other. A link's docId reaches every reader of its note, so
   * a note everyone reads must not carry the id of one in a private folder. While the private folders
   * are unknown (not read yet, offline since the page loaded) every folder counts as private: only an
   * entry in the note's own folder or one above it gets a docId. Otherwise the link keeps only its name,
   * which still opens the note on this device (LINK2).
   */
  mayLinkFrom(fromDocId: string | null, toPath: string | undefined): boolean {
    const fromPath = fromDocId === null ? undefined : this.pathOf(fromDocId);
    if (fromPath === undefined || toPath === undefined) return false;
    return isReadableByEveryReaderOf(toPath, fromPath, this.privateFolders);
  }

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
