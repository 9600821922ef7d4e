import { entryKindOf, type LinkableEntry, NOTE_EXTENSION, type NoteLinkResolver } from '@baalda/core';

/**
 * LNK3 with a reading of its own: links are written with the names `names` gives, and a name read is
 * looked up in `first` before `names`. A file keeps the names it was written with; `first` is what they
 * meant then (the folder an import reads, the vault as a mirrored file was last written), so a name that
 * changed since still finds its note.
 */
export function readingFirst(first: NoteLinkResolver, names: NoteLinkResolver): NoteLinkResolver {
  return {
    linkTextOf: (docId) => names.linkTextOf(docId),
    docIdOf: (linkText) => first.docIdOf(linkText) ?? names.docIdOf(linkText),
  };
}

/**
 * Names every entry by its whole vault path (`.md` left off, as LNK3 writes paths), for Markdown sent to
 * the relay: the relay reads a whole path before a file name, so the link lands on that entry even when
 * the relay knows entries this token can't see that would make a shorter name ambiguous. Reads nothing.
 */
export function wholePathNames(entries: readonly LinkableEntry[]): NoteLinkResolver {
  const pathOf = new Map(entries.map((entry) => [entry.docId, entry.path]));
  return {
    linkTextOf(docId) {
      const path = pathOf.get(docId);
      if (path === undefined) return undefined;
      return entryKindOf(path) === 'note' ? path.slice(0, -NOTE_EXTENSION.length) : path;
    },
    docIdOf: () => undefined,
  };
}
