/**
 * LNK3: turns links' docIds into the names Markdown writes, and names read from Markdown into docIds, for
 * one vault at one moment. Without one, a link is written with the name it was made with, and read back
 * pointing at no note. Markdown only calls one; core makes them from a vault's entries
 * (`createNoteLinkResolver`), which is why the contract lives here, below core.
 */
export interface NoteLinkResolver {
  /** The name a link to `docId` is written with, or undefined when no entry has that docId. */
  linkTextOf(docId: string): string | undefined;
  /** The docId a written name points at, or undefined when it names no entry. */
  docIdOf(linkText: string): string | undefined;
  /**
   * The name a link to `docId` that holds the name `typed` is written with: `typed` while it still reads
   * as that entry (in any case, with its folders or `.md` or not), else linkTextOf(docId) — the entry was
   * renamed or moved, or the name now reads as another; undefined when no entry has that docId.
   */
  typedLinkTextOf(docId: string, typed: string): string | undefined;
}

// A note's extension, as core's paths name it (PATH11).
const NOTE_EXTENSION = '.md';

/**
 * LNK3: what a link's name is compared by when read: any case, no `.md`, no leading `/` or spaces around.
 * The case folding is core's `pathKey` (PATH9) written out again, because Markdown sits below core; core's
 * noteLinkResolver test pins that the two agree on every path.
 * @example linkNameKey(' /Plans/Roadmap.MD') // 'plans/roadmap'
 */
export function linkNameKey(linkText: string): string {
  const name = linkText.trim().replace(/^\/+/, '');
  return foldCase(isNoteName(name) ? name.slice(0, -NOTE_EXTENSION.length) : name);
}

function isNoteName(name: string): boolean {
  return name
    .slice(name.lastIndexOf('/') + 1)
    .toLowerCase()
    .endsWith(NOTE_EXTENSION);
}

// Full case folding approximated by upper- then lower-casing, so "Straße" and "STRASSE" read alike.
function foldCase(text: string): string {
  return text.normalize('NFC').toUpperCase().toLowerCase().normalize('NFC');
}
