import type { Token } from 'markdown-it';

// `[!type]`, an optional fold sign and an optional title, on a quote's first line (Obsidian's callouts).
const CALLOUT_LINE = /^\[!([A-Za-z][\w-]*)\]([+-]?)(?:[ \t]+(.*?))?[ \t]*$/;

/** What a callout's first line says: its type as typed, whether it folds, and its title's Markdown. */
export interface CalloutHead {
  readonly kind: string;
  readonly fold: '+' | '-' | null;
  readonly title: string | null;
  /** The head stood alone, its body's first paragraph after a blank `>` line (absent otherwise). */
  readonly spaced?: true;
}

/**
 * MD10: marks each quote whose first line is a callout head (`meta.callout` on its `blockquote_open`) and
 * takes that line off its first paragraph; the rest of the paragraph is the callout's first body paragraph,
 * and a paragraph left empty is marked `meta.dropped` (its callout `spaced` when a paragraph follows, so the
 * blank line between the head and that paragraph is written back). The title is kept as the Markdown it was typed as.
 * The head is read from the source, so an escaped `\[!note]` stays a quote.
 */
export function markCallouts(tokens: Token[]): Token[] {
  for (const [index, token] of tokens.entries()) {
    const paragraph = tokens[index + 1];
    const inline = tokens[index + 2];
    if (token.type !== 'blockquote_open' || paragraph?.type !== 'paragraph_open' || inline?.type !== 'inline') continue;
    const head = calloutHeadOf(inline.content.split('\n')[0] ?? '');
    if (!head) continue;
    token.meta = { ...token.meta, callout: head };
    const children = inline.children ?? [];
    const lineEnd = children.findIndex((child) => child.type === 'softbreak' || child.type === 'hardbreak');
    inline.children = lineEnd < 0 ? [] : children.slice(lineEnd + 1);
    if (inline.children.length > 0) continue;
    paragraph.meta = { ...paragraph.meta, dropped: true };
    if (tokens[index + 4]?.type === 'paragraph_open') token.meta.callout = { ...head, spaced: true };
  }
  return tokens;
}

/** The callout head a line says, or null. */
export function calloutHeadOf(line: string): CalloutHead | null {
  const match = CALLOUT_LINE.exec(line);
  if (!match) return null;
  const fold = match[2] === '+' || match[2] === '-' ? match[2] : null;
  return { kind: match[1] as string, fold, title: match[3] ? match[3] : null };
}
