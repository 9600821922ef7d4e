import type { MarkdownIt, StateInline } from 'markdown-it';
import { builtInInlineRule } from './builtInRules';

/** MD11: an inline construct kept as its source (`content`): math, comments, footnotes, block ids. */
export const RAW_INLINE_TOKEN = 'raw_inline';

/** Longest inline footnote (`^[…]`) read as one; a longer one stays text. */
const MAX_INLINE_FOOTNOTE = 2000;

const FOOTNOTE_REF = /^\[\^([^\]\s]+)\]/;
const BLOCK_ID = /^\^[A-Za-z0-9-]+/;

/** Where a construct that starts at `pos` of `src` ends (exclusive), or -1. */
type EndFinder = (src: string, pos: number, max?: number) => number;

// Each reads `src` as the inline parser and MD7's escaping both see it, so text is escaped exactly where
// it would read back as one of these.
/** `$…$` (no space inside either `$`, not followed by a digit) or `$$…$$`, as Obsidian reads math. */
export const mathEndAt: EndFinder = (src, pos, max = src.length) => {
  if (src[pos] !== '$' || isEscaped(src, pos)) return -1;
  if (src[pos + 1] === '$') {
    let close = src.indexOf('$$', pos + 2);
    while (close >= 0 && isEscaped(src, close)) close = src.indexOf('$$', close + 1);
    return close > pos + 2 && close + 2 <= max ? close + 2 : -1;
  }
  const first = src[pos + 1];
  if (first === undefined || /\s/.test(first) || pos + 1 >= max) return -1;
  let close = src.indexOf('$', pos + 1);
  while (close >= 0 && isEscaped(src, close)) close = src.indexOf('$', close + 1);
  if (close < 0 || close >= max || /\s/.test(src[close - 1] ?? ' ') || /\d/.test(src[close + 1] ?? '')) return -1;
  return close + 1;
};

/** `%%…%%`, an Obsidian comment. */
export const commentEndAt: EndFinder = (src, pos, max = src.length) => {
  if (!src.startsWith('%%', pos) || isEscaped(src, pos)) return -1;
  let close = src.indexOf('%%', pos + 2);
  while (close >= 0 && isEscaped(src, close)) close = src.indexOf('%%', close + 1);
  return close >= 0 && close + 2 <= max ? close + 2 : -1;
};

/** `[^label]`, a footnote reference (not `[^x]:`, a definition), read before links as markdown-it-footnote does. */
export const footnoteRefEndAt: EndFinder = (src, pos, max = src.length) => {
  if (src[pos] !== '[' || src[pos + 1] !== '^' || isEscaped(src, pos)) return -1;
  const match = FOOTNOTE_REF.exec(src.slice(pos, Math.min(max, pos + MAX_INLINE_FOOTNOTE)));
  if (!match) return -1;
  const end = pos + match[0].length;
  return src[end] === ':' ? -1 : end;
};

/** `^[…]`, an inline footnote, brackets inside balanced. */
export const inlineFootnoteEndAt: EndFinder = (src, pos, max = src.length) => {
  if (src[pos] !== '^' || src[pos + 1] !== '[' || isEscaped(src, pos)) return -1;
  let depth = 0;
  for (let index = pos + 1; index < Math.min(max, pos + MAX_INLINE_FOOTNOTE); index++) {
    const char = src[index];
    if (char === '\\') index++;
    else if (char === '[') depth++;
    else if (char === ']' && --depth === 0) return index > pos + 2 ? index + 1 : -1;
  }
  return -1;
};

/** `^id` after a space at a line's end: an Obsidian block id. */
export const blockIdEndAt: EndFinder = (src, pos, max = src.length) => {
  if (src[pos] !== '^' || (pos > 0 && !/[ \t\n]/.test(src[pos - 1] ?? ''))) return -1;
  const match = BLOCK_ID.exec(src.slice(pos, Math.min(max, pos + 200)));
  if (!match) return -1;
  const end = pos + match[0].length;
  // The end of the line itself, not of a link's text being read.
  return end <= max && (end === src.length || src[end] === '\n') ? end : -1;
};

// An odd number of backslashes before `pos` makes its character text.
function isEscaped(src: string, pos: number): boolean {
  let backslashes = 0;
  while (src[pos - 1 - backslashes] === '\\') backslashes++;
  return backslashes % 2 === 1;
}

const INLINE_RULES: ReadonlyArray<[name: string, before: string, end: EndFinder]> = [
  ['math_inline', 'escape', mathEndAt],
  ['comment_inline', 'escape', commentEndAt],
  ['footnote_ref', 'link', footnoteRefEndAt],
  ['footnote_inline', 'link', inlineFootnoteEndAt],
  ['block_id', 'link', blockIdEndAt],
];

/**
 * MD11: markdown-it inline rules giving a `raw_inline` token (its source as `content`) for math, comments,
 * footnote references, inline footnotes and block ids; images get their source in `meta.source`, so they
 * are written back exactly as typed.
 */
export function markdownItRawInline(markdown: MarkdownIt): void {
  for (const [name, before, endAt] of INLINE_RULES) {
    markdown.inline.ruler.before(before, name, (state: StateInline, silent: boolean) => {
      const end = endAt(state.src, state.pos, state.posMax);
      if (end < 0) return false;
      if (!silent) state.push(RAW_INLINE_TOKEN, '', 0).content = state.src.slice(state.pos, end);
      state.pos = end;
      return true;
    });
  }
  keepImageSources(markdown);
}

function keepImageSources(markdown: MarkdownIt): void {
  const image = builtInInlineRule('image');
  markdown.inline.ruler.at('image', (state: StateInline, silent: boolean) => {
    const start = state.pos;
    if (!image(state, silent)) return false;
    // The image is the last token: text pending before it was pushed first.
    const token = state.tokens[state.tokens.length - 1];
    if (!silent && token) token.meta = { ...token.meta, source: state.src.slice(start, state.pos) };
    return true;
  });
}
