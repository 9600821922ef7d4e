import { noteLinkResolverOf } from '@baalda/core';
import type { NoteLinkResolver } from '@baalda/markdown';

/**
 * LNK3 with a reading of its own: links are written with the names `names` gives, and a name read is
 * looked up in `first` before `names`. A file keeps the names it was written with; `first` is what they
 * meant then (the folder an import reads, the vault as a mirrored file was last written), so a name that
 * changed since still finds its note. A link keeps its typed name while this reading finds its note by it.
 */
export function readingFirst(first: NoteLinkResolver, names: NoteLinkResolver): NoteLinkResolver {
  return noteLinkResolverOf({
    linkTextOf: (docId) => names.linkTextOf(docId),
    docIdOf: (linkText) => first.docIdOf(linkText) ?? names.docIdOf(linkText),
  });
}
