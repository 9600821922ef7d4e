import type { Token } from 'markdown-it';
import { markdownParser } from './markdownIt';

/** A heading outside lists, quotes and callouts, where Baalda's parser reads one. */
export interface TopLevelHeading {
  readonly level: number;
  /** The heading's text as Markdown, trimmed. */
  readonly text: string;
  /** The line (0-based) the heading starts on. */
  readonly line: number;
}

/**
 * The headings of `markdown` that stand at the top level, in order: a `#` line or a setext underline as
 * CommonMark reads it, never one inside a code block, list, quote or callout. (MCP15's outline is cut from
 * these; front matter is the caller's to split off first, or its `---` reads as an underline.)
 * @example topLevelHeadingsOf('# A\ntext\n## B\n') // [{ level: 1, text: 'A', line: 0 }, { level: 2, text: 'B', line: 2 }]
 */
export function topLevelHeadingsOf(markdown: string): TopLevelHeading[] {
  const tokens = markdownParser.parse(markdown, {});
  const found: TopLevelHeading[] = [];
  for (const [index, token] of tokens.entries()) {
    if (token.type !== 'heading_open' || token.level !== 0 || !token.map) continue;
    const inline = tokens[index + 1] as Token | undefined;
    found.push({ level: Number(token.tag.slice(1)), text: (inline?.content ?? '').trim(), line: token.map[0] });
  }
  return found;
}
