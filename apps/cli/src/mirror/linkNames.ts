import {
  createNoteLinkResolver,
  type FolderRestriction,
  type LinkableEntry,
  linksSharedWith,
  type NoteLinkResolver,
} from '@baalda/core';
import { readingFirst } from '../noteLinkNames';

/** What a change of names did: the docIds whose links are now written otherwise, and the names before. */
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
  private texts: Map<string, string | undefined>;
  private readonly earlier = new Map<string, NoteLinkResolver>();

  constructor(key: string, entries: readonly LinkableEntry[]) {
    this.key = key;
    this.entries = entries;
    this.resolver = createNoteLinkResolver(entries);
    this.texts = textsOf(this.resolver, entries);
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
   * again. Null when the key is the same; otherwise which docIds are now named otherwise (those that
   * appeared or left included).
   */
  update(key: string, entries: readonly LinkableEntry[]): NamesChange | null {
    if (key === this.key) return null;
    const before = this.resolver;
    const beforeTexts = this.texts;
    this.key = key;
    this.entries = entries;
    this.resolver = createNoteLinkResolver(entries);
    this.texts = textsOf(this.resolver, entries);
    const renamed = new Set<string>();
    for (const docId of new Set([...beforeTexts.keys(), ...this.texts.keys()])) {
      if (beforeTexts.get(docId) !== this.texts.get(docId)) renamed.add(docId);
    }
    return { renamed, before };
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

function textsOf(resolver: NoteLinkResolver, entries: readonly LinkableEntry[]): Map<string, string | undefined> {
  return new Map(entries.map((entry) => [entry.docId, resolver.linkTextOf(entry.docId)]));
}
