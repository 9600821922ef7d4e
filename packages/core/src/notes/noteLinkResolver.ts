import { linkNameKey, type NoteLinkResolver } from '@baalda/markdown';
import type { FolderRestriction } from '../access/accessTypes';
import { isReadableByEveryReaderOf } from '../access/privateFolders';
import { entryKindOf, fileNameOf, NOTE_EXTENSION, pathKey } from '../paths/notePath';

/** A live note or attachment a link may name. */
export interface LinkableEntry {
  readonly docId: string;
  readonly path: string;
}

/** A resolver's two readings, from which noteLinkResolverOf makes the whole resolver. */
export type NoteLinkReadings = Pick<NoteLinkResolver, 'linkTextOf' | 'docIdOf'>;

/**
 * LNK3: the resolver of `readings`, keeping a link's name as typed while `readings` reads it as the link's
 * entry. Obsidian finds notes by name in any case and shows a link as it was typed, so a link's text
 * changes only when its entry's name or place did, never merely to normalize it.
 * @example noteLinkResolverOf(createNoteLinkResolver([{ docId: 'd1', path: 'B note.md' }])).typedLinkTextOf('d1', 'b note') // 'b note'
 */
export function noteLinkResolverOf(readings: NoteLinkReadings): NoteLinkResolver {
  return {
    linkTextOf: (docId) => readings.linkTextOf(docId),
    docIdOf: (linkText) => readings.docIdOf(linkText),
    typedLinkTextOf(docId, typed) {
      const current = readings.linkTextOf(docId);
      return current !== undefined && readings.docIdOf(typed) === docId ? typed : current;
    },
  };
}

/**
 * LNK3: names as Obsidian writes them ("shortest path when possible"): a note's file name without `.md` when
 * no other entry has that name, else its whole path without `.md`; attachments keep their extension. A link
 * keeps the name it was typed with while that name reads as its entry (noteLinkResolverOf).
 * Reading is case-insensitive (Obsidian's way): a whole path first, then a file name; when several entries
 * share that file name, the one with the shortest path (then the first in code-point order) wins.
 * LNK6: `entries` are the ones the person reading or writing may read, and no others: a note hidden from
 * them is never named, never read from a name and never makes a name longer — exactly like a missing one
 * — so neither a link nor its name tells them it exists. (LNK7 keeps the links to hidden notes a document
 * already holds through an edit.)
 * @example createNoteLinkResolver([{ docId: 'd1', path: 'Plans/Roadmap.md' }]).linkTextOf('d1') // 'Roadmap'
 */
export function createNoteLinkResolver(entries: readonly LinkableEntry[]): NoteLinkResolver {
  const pathOfDoc = new Map<string, string>();
  const byPath = new Map<string, string>();
  const byName = new Map<string, LinkableEntry[]>();
  for (const entry of entries) {
    pathOfDoc.set(entry.docId, entry.path);
    byPath.set(pathKey(withoutNoteExtension(entry.path)), entry.docId);
    const name = pathKey(withoutNoteExtension(fileNameOf(entry.path)));
    byName.set(name, [...(byName.get(name) ?? []), entry]);
  }
  for (const sharing of byName.values()) sharing.sort(byShortestPath);
  return noteLinkResolverOf({
    linkTextOf(docId) {
      const path = pathOfDoc.get(docId);
      if (path === undefined) return undefined;
      const name = withoutNoteExtension(fileNameOf(path));
      return (byName.get(pathKey(name))?.length ?? 0) > 1 ? withoutNoteExtension(path) : name;
    },
    docIdOf(linkText) {
      const key = linkNameKey(linkText);
      return byPath.get(key) ?? (key.includes('/') ? undefined : byName.get(key)?.[0]?.docId);
    },
  });
}

/**
 * LNK8: `links` for a write into the note at `notePath`: a name resolves only to an entry that everyone
 * who may read that note may read too — each private folder holding the entry holds the note as well —
 * otherwise the link keeps only its name. A link is data every reader of the note receives (its docId
 * in the Yjs document, its row behind backlinks), so pointing it at a note some of them can't read would
 * hand them that note's id and tell them it exists. The name is still read among all of the writer's
 * entries, so it never picks another note of that name instead. `restrictions` null: not known (a
 * client offline), every folder counts as private.
 * @example linksSharedWith('Team/Plan.md', entries, [{ folderKey: 'hr', members }], links).docIdOf('HR/Pay') // undefined
 */
export function linksSharedWith(
  notePath: string,
  entries: readonly LinkableEntry[],
  restrictions: readonly FolderRestriction[] | null,
  links: NoteLinkResolver,
): NoteLinkResolver {
  const pathOfDoc = new Map(entries.map((entry) => [entry.docId, entry.path]));
  return {
    linkTextOf: (docId) => links.linkTextOf(docId),
    docIdOf(linkText) {
      const docId = links.docIdOf(linkText);
      const path = docId === undefined ? undefined : pathOfDoc.get(docId);
      return path !== undefined && isReadableByEveryReaderOf(path, notePath, restrictions) ? docId : undefined;
    },
    // Written as `links` writes it: the note reads the same to its writer as to anyone reading it (one
    // revision, MCP13), and an edit finds its links by the names they showed (LNK7).
    typedLinkTextOf: (docId, typed) => links.typedLinkTextOf(docId, typed),
  };
}

function withoutNoteExtension(path: string): string {
  return entryKindOf(path) === 'note' ? path.slice(0, -NOTE_EXTENSION.length) : path;
}

function byShortestPath(a: LinkableEntry, b: LinkableEntry): number {
  if (a.path.length !== b.path.length) return a.path.length - b.path.length;
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}
