import { entryKindOf, fileNameOf, NOTE_EXTENSION, pathKey } from '../paths/notePath';

/** A live note or attachment a link may name. */
export interface LinkableEntry {
  readonly docId: string;
  readonly path: string;
}

/**
 * LNK3: turns links' docIds into the names Markdown writes, and names read from Markdown into docIds, for
 * one vault at one moment. Without one, a link is written with the name it was made with, and read back
 * pointing at no note.
 */
export interface NoteLinkResolver {
  /** The name a link to `docId` is written with, or undefined when no entry has that docId. */
  linkTextOf(docId: string): string | undefined;
  /** The docId a written name points at, or undefined when it names no entry. */
  docIdOf(linkText: string): string | undefined;
}

/**
 * LNK3: names as Obsidian writes them ("shortest path when possible"): a note's file name without `.md` when
 * no other entry has that name, else its whole path without `.md`; attachments keep their extension.
 * Reading is case-insensitive (Obsidian's way): a whole path first, then a file name; when several entries
 * share that file name, the one with the shortest path (then the first in code-point order) wins.
 * `mayName` (ACL): entries the reader may not see are never named — a link to one is written with the name
 * it was made with — yet still take part in reading names and in making names unambiguous, so a link to
 * a hidden note survives an edit by someone who can't see it.
 * @example createNoteLinkResolver([{ docId: 'd1', path: 'Plans/Roadmap.md' }]).linkTextOf('d1') // 'Roadmap'
 */
export function createNoteLinkResolver(
  entries: readonly LinkableEntry[],
  mayName: (entry: LinkableEntry) => boolean = () => true,
): NoteLinkResolver {
  const pathOfDoc = new Map<string, string>();
  const byPath = new Map<string, string>();
  const byName = new Map<string, LinkableEntry[]>();
  for (const entry of entries) {
    if (mayName(entry)) pathOfDoc.set(entry.docId, entry.path);
    byPath.set(pathKey(withoutNoteExtension(entry.path)), entry.docId);
    const name = pathKey(withoutNoteExtension(fileNameOf(entry.path)));
    byName.set(name, [...(byName.get(name) ?? []), entry]);
  }
  for (const sharing of byName.values()) sharing.sort(byShortestPath);
  return {
    linkTextOf(docId) {
      const path = pathOfDoc.get(docId);
      if (path === undefined) return undefined;
      const name = withoutNoteExtension(fileNameOf(path));
      return (byName.get(pathKey(name))?.length ?? 0) > 1 ? withoutNoteExtension(path) : name;
    },
    docIdOf(linkText) {
      const key = pathKey(withoutNoteExtension(linkText.trim().replace(/^\/+/, '')));
      return byPath.get(key) ?? (key.includes('/') ? undefined : byName.get(key)?.[0]?.docId);
    },
  };
}

function withoutNoteExtension(path: string): string {
  return entryKindOf(path) === 'note' ? path.slice(0, -NOTE_EXTENSION.length) : path;
}

function byShortestPath(a: LinkableEntry, b: LinkableEntry): number {
  if (a.path.length !== b.path.length) return a.path.length - b.path.length;
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}
