import type { MarkdownIt, StateInline } from 'markdown-it';

/** The editor's node for a link to another note (LNK1). */
export const NOTE_LINK = 'noteLink';

/** The editor's node for an embedded attachment or note, `![[…]]` (LNK5); its attributes are a link's. */
export const NOTE_EMBED = 'noteEmbed';

/** The two nodes that point at another entry of the vault by docId. */
export const LINKING_NODES: ReadonlySet<string> = new Set([NOTE_LINK, NOTE_EMBED]);

/**
 * LNK1: a link to a note as the document holds it. `docId` is what the link points at (null while it names
 * no note); `target` is the name it was written or picked with, shown and written when the note is unknown.
 */
export interface NoteLinkAttrs {
  readonly docId: string | null;
  readonly target: string;
  readonly heading: string | null;
  readonly alias: string | null;
}

/** LNK2: longest text between `[[` and `]]` read as a link; a longer one stays text. */
export const MAX_WIKILINK_LENGTH = 1000;

// What each part may not hold: Obsidian reads `#` and `|` as separators and never lets brackets or a
// line break into a link.
const TARGET_FORBIDDEN = /[[\]|#\n\r]/g;
const HEADING_FORBIDDEN = /[[\]|\n\r]/g;
const ALIAS_FORBIDDEN = /[[\]\n\r]/g;

/**
 * LNK2: the parts of `inner`, the text between `[[` and `]]`: `Target#Heading|Alias`. Null when the target
 * is empty (a same-note heading link, which Baalda keeps as text).
 * @example wikilinkPartsOf('Plans/Roadmap#Q3|the plan') // { target: 'Plans/Roadmap', heading: 'Q3', alias: 'the plan' }
 */
export function wikilinkPartsOf(inner: string): Omit<NoteLinkAttrs, 'docId'> | null {
  if (inner.length === 0 || inner.length > MAX_WIKILINK_LENGTH || /[[\]\n\r]/.test(inner)) return null;
  const bar = inner.indexOf('|');
  const left = bar < 0 ? inner : inner.slice(0, bar);
  const alias = bar < 0 ? null : inner.slice(bar + 1) || null;
  const hash = left.indexOf('#');
  const target = (hash < 0 ? left : left.slice(0, hash)).trim();
  const heading = hash < 0 ? null : left.slice(hash + 1).trim() || null;
  return target ? { target, heading, alias } : null;
}

/**
 * LNK2: a note link as Obsidian writes it, naming the note by `linkText` (its path as a link names it).
 * Characters a part can't hold are dropped rather than let them end the link early.
 */
export function wikilinkMarkdownOf(attrs: NoteLinkAttrs, linkText: string): string {
  const target = linkText.replace(TARGET_FORBIDDEN, '').trim() || 'Untitled';
  const heading = attrs.heading?.replace(HEADING_FORBIDDEN, '').trim();
  const alias = attrs.alias?.replace(ALIAS_FORBIDDEN, '');
  return `[[${target}${heading ? `#${heading}` : ''}${alias ? `|${alias}` : ''}]]`;
}

/**
 * True when `[[…]]` with a valid inside starts at `index`, whatever comes before it: MD7 escapes the `[` of
 * such text, so it reads back as text both as a link and after a `!` as an embed.
 */
export function looksLikeWikilinkAt(source: string, index: number): boolean {
  if (source[index] !== '[' || source[index + 1] !== '[') return false;
  const close = wikilinkCloseAfter(source, index + 2);
  return close >= 0 && wikilinkPartsOf(source.slice(index + 2, close)) !== null;
}

// The `]]` that closes a link whose inside starts at `start`, or -1. The inside holds no bracket or line
// break and is at most MAX_WIKILINK_LENGTH long, so the search stops at the first of those: a line of many
// `[[` costs linear time, not a search to the end of the text from each.
function wikilinkCloseAfter(source: string, start: number): number {
  const end = Math.min(source.length, start + MAX_WIKILINK_LENGTH + 1);
  for (let index = start; index < end; index++) {
    const char = source[index];
    if (char === ']') return source[index + 1] === ']' ? index : -1;
    if (char === '[' || char === '\n' || char === '\r') return -1;
  }
  return -1;
}

/**
 * True when a wikilink starts at `index` of `source`: `[[` not right after `!` (`![[…]]` is an embed, kept
 * as written) with a closing `]]` on the same line around a valid inside. The parser and the escaping
 * (MD7) both ask this, so text that looks like a link is escaped exactly when it would read back as one.
 */
export function wikilinkEndAt(source: string, index: number): number {
  if (isBareBang(source, index - 1) || !looksLikeWikilinkAt(source, index)) return -1;
  return wikilinkCloseAfter(source, index + 2) + 2;
}

// A `!` not itself escaped (an odd number of backslashes before it makes it text).
function isBareBang(source: string, index: number): boolean {
  if (source[index] !== '!') return false;
  let backslashes = 0;
  while (source[index - 1 - backslashes] === '\\') backslashes++;
  return backslashes % 2 === 0;
}

/**
 * A markdown-it inline rule for `[[…]]` (a note link) and `![[…]]` (an embed, LNK5). Written here because the published wikilink plugins turn a link
 * into HTML with their own URL scheme, while Baalda needs the parts as data to resolve them to a note.
 */
export function markdownItWikilinks(markdown: MarkdownIt): void {
  markdown.inline.ruler.before('link', 'wikilink', (state: StateInline, silent: boolean) => {
    const end = wikilinkEndAt(state.src, state.pos);
    if (end < 0) return false;
    if (!silent) {
      const token = state.push('wikilink', '', 0);
      token.meta = wikilinkPartsOf(state.src.slice(state.pos + 2, end - 2));
    }
    state.pos = end;
    return true;
  });
  markdown.inline.ruler.before('image', 'wikiembed', (state: StateInline, silent: boolean) => {
    if (state.src[state.pos] !== '!' || !looksLikeWikilinkAt(state.src, state.pos + 1)) return false;
    const end = state.src.indexOf(']]', state.pos + 3) + 2;
    if (!silent) {
      const token = state.push('wikiembed', '', 0);
      token.meta = wikilinkPartsOf(state.src.slice(state.pos + 3, end - 2));
    }
    state.pos = end;
    return true;
  });
}
