import {
  createNoteLinkResolver,
  type FolderRestriction,
  fileNameOf,
  type LinkableEntry,
  linksSharedWith,
} from '@baalda/core';
import { linkNameKey, type NoteLinkResolver } from '@baalda/markdown';
import { readingFirst } from '../noteLinkNames';

/** What a change of names did: the docIds whose links may now be written otherwise, and the names before. */
export interface NamesChange {
  readonly renamed: ReadonlySet<string>;
  readonly before: NoteLinkResolver;
}

/**
 * LNK3 for the mirror: the names its files' `[[links]]` are written with and read from. One resolver per
 * set of entries (the relay's tree at one version and the entries the relay doesn't have yet), so a pass
 * over thousands of files builds it once. A note whose file still shows names that changed since it was
 * written keeps those earlier names for reading it, until the file is written or read again.
 */
export class LinkNames {
  private resolver: NoteLinkResolver;
  private entries: readonly LinkableEntry[];
  private privateFolders: readonly FolderRestriction[] | null = null;
  private key: string;
  private paths: Map<string, string>;
  private readonly earlier = new Map<string, NoteLinkResolver>();

  constructor(key: string, entries: readonly LinkableEntry[]) {
    this.key = key;
    this.entries = entries;
    this.resolver = createNoteLinkResolver(entries);
    this.paths = pathsOf(entries);
  }

  /** The names as they are now: what a note's file is written with. */
  get now(): NoteLinkResolver {
    return this.resolver;
  }

  /** For reading a note's file: the names it was written with first, then today's. */
  forFileOf(docId: string): NoteLinkResolver {
    const earlier = this.earlier.get(docId);
    return earlier ? readingFirst(earlier, this.resolver) : this.resolver;
  }

  /**
   * LNK8: `names` for text written into the note at `path` (its path on the relay): a name resolves only
   * to an entry every reader of that note may read; others keep their name. Unknown private folders (no
   * tree read yet) count every folder as private.
   */
  writingInto(path: string, names: NoteLinkResolver): NoteLinkResolver {
    return linksSharedWith(path, this.entries, this.privateFolders, names);
  }

  /** LNK8: the private folders as the tree last read listed them (null: not known). */
  setPrivateFolders(folders: readonly FolderRestriction[] | null): void {
    this.privateFolders = folders;
  }

  /** The names `docId`'s file was written with, when they are not today's. */
  earlierOf(docId: string): NoteLinkResolver | undefined {
    return this.earlier.get(docId);
  }

  /**
   * Takes the entries as they are under `key`; the same key means the same entries, so nothing is built
   * again. Null when the key is the same; otherwise which docIds links may now name otherwise.
   */
  update(key: string, entries: readonly LinkableEntry[]): NamesChange | null {
    if (key === this.key) return null;
    const before = this.resolver;
    const beforePaths = this.paths;
    this.key = key;
    this.entries = entries;
    this.resolver = createNoteLinkResolver(entries);
    this.paths = pathsOf(entries);
    return { renamed: namesTouched(beforePaths, this.paths), before };
  }

  /** The file of `docId` shows `names` (kept when it already shows older ones: those are still on disk). */
  keepEarlier(docId: string, names: NoteLinkResolver): void {
    if (!this.earlier.has(docId)) this.earlier.set(docId, names);
  }

  /** The file of `docId` shows today's names. */
  settled(docId: string): void {
    this.earlier.delete(docId);
  }

  /** Forgets the earlier names of notes that are no longer mirrored. */
  keepOnly(isMirrored: (docId: string) => boolean): void {
    for (const docId of [...this.earlier.keys()]) if (!isMirrored(docId)) this.earlier.delete(docId);
  }
}

function pathsOf(entries: readonly LinkableEntry[]): Map<string, string> {
  return new Map(entries.map((entry) => [entry.docId, entry.path]));
}

/**
 * The docIds a link to which may now be written otherwise (LNK3): each entry that appeared, left or moved
 * (a typed path may no longer name it), and every entry whose file name one of those had or has (a typed
 * name may now read as another of them, a shortest name may have grown or shrunk).
 */
function namesTouched(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): Set<string> {
  const touched = new Set<string>();
  const names = new Set<string>();
  for (const docId of new Set([...before.keys(), ...after.keys()])) {
    const paths = [before.get(docId), after.get(docId)];
    if (paths[0] === paths[1]) continue;
    touched.add(docId);
    for (const path of paths) if (path !== undefined) names.add(nameKeyOf(path));
  }
  for (const paths of [before, after]) {
    for (const [docId, path] of paths) if (names.has(nameKeyOf(path))) touched.add(docId);
  }
  return touched;
}

// What a link by file name reads an entry by (LNK3: any case, no `.md`).
function nameKeyOf(path: string): string {
  return linkNameKey(fileNameOf(path));
}
