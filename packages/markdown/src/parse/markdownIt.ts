/// <reference path="./markdownItMark.d.ts" />
import type { MarkdownIt as MarkdownItInstance, Renderer, Token } from 'markdown-it';
import MarkdownIt from 'markdown-it';
import markdownItMark from 'markdown-it-mark';
import { markdownItWikilinks } from '../links/wikilinkSyntax';
import { markCallouts } from './callouts';
import { markdownItRawBlocks } from './rawBlocks';
import { markdownItRawInline } from './rawInline';
import { TASK_BOX } from './taskLists';

// markdown-it drops content nested past `maxNesting` token levels (and recurses once per level, so the limit
// also bounds its stack); MD3's recovery turns such content into paragraphs instead of losing it.
export const TOKEN_NESTING_LIMIT = 100;

/**
 * The one parser every Markdown conversion uses: CommonMark plus GFM tables and `~~strike~~`,
 * `==highlight==` (markdown-it-mark), `[[wikilinks]]` and `![[embeds]]`, and the constructs kept as typed
 * (MD11: math, comments, footnotes, block ids, reference definitions). HTML is recognized, so `<u>`, `<mark>`
 * and `<br>` read as marks and breaks and other HTML is kept as typed. Task list items (`- [ ] `, `- [x] `)
 * are read from the tokens (taskLists.ts).
 */
export const markdownParser = new MarkdownIt('default', { html: true, maxNesting: TOKEN_NESTING_LIMIT })
  .use(markdownItMark)
  .use(markdownItWikilinks)
  .use(markdownItRawBlocks)
  .use(markdownItRawInline);
// Escapes stay apart from the text around them (`text_special`), so an escaped `\#tag` is seen (MD11).
markdownParser.core.ruler.disable('text_join');

/** How `markdownHtmlOf` shows a single newline: CommonMark's newline, Obsidian's `<br>`, or a mark of its own. */
export type SoftBreakRendering = 'commonmark' | 'breaks' | 'marked';

const renderers = new Map<SoftBreakRendering, MarkdownItInstance>();

/**
 * MD12: the HTML markdown-it renders for `markdown` as Baalda reads it, with `breaks` (Obsidian shows a
 * single newline as a line break) or without (CommonMark). Tokens HTML has no tag for (note links, raw
 * constructs, reference definitions) render as an element naming their type and data, so two differing
 * ones never render alike; task items (each on its own, as GFM shows them) and callouts render with what
 * they are (MD8, MD10). This is how a round trip's fidelity is judged: what a conversion changes must
 * render the same.
 * @example markdownHtmlOf('a\nb', { breaks: true }) // '<p>a<br>\nb</p>\n'
 */
export function markdownHtmlOf(
  markdown: string,
  { breaks = false }: { breaks?: boolean } = {},
  env: Record<string, unknown> = {},
): string {
  return markdownHtmlWith(markdown, breaks ? 'breaks' : 'commonmark', env);
}

/**
 * MD12: `markdownHtmlOf` with soft breaks shown as `how` says; `marked` tells a soft break from a hard one
 * and from a newline character, so equal `marked` HTML means equal HTML both with and without `breaks`.
 */
export function markdownHtmlWith(markdown: string, how: SoftBreakRendering, env: Record<string, unknown> = {}): string {
  let renderer = renderers.get(how);
  if (!renderer) {
    renderer = new MarkdownIt('default', { html: true, breaks: how === 'breaks', maxNesting: TOKEN_NESTING_LIMIT });
    renderer.renderer.renderToken = renderAnyToken(renderer.renderer.renderToken.bind(renderer.renderer));
    // The parser keeps escapes apart (`text_special`); they render as the text they are.
    const { text } = renderer.renderer.rules;
    if (text) renderer.renderer.rules.text_special = text;
    if (how === 'marked') renderer.renderer.rules.softbreak = () => '<x-softbreak></x-softbreak>\n';
    renderers.set(how, renderer);
  }
  const tokens = markCallouts(markTaskItems(markdownParser.parse(markdown, env), env));
  return renderer.renderer.render(tokens, renderer.options, env);
}

// GFM's task list items, item by item: a task box starting an item's first paragraph.

function markTaskItems(tokens: Token[], env: Record<string, unknown>): Token[] {
  for (const [index, token] of tokens.entries()) {
    const inline = tokens[index + 2];
    if (token.type !== 'list_item_open' || tokens[index + 1]?.type !== 'paragraph_open' || !inline) continue;
    const box = TASK_BOX.exec(inline.content);
    if (!box) continue;
    token.meta = { ...token.meta, task: true, checked: box[1] !== ' ' };
    inline.children = markdownParser.parseInline(inline.content.slice(box[0].length), env)[0]?.children ?? [];
  }
  return tokens;
}

const HTML_TOKENS =
  /^(paragraph|heading|blockquote|bullet_list|ordered_list|list_item|table|thead|tbody|tr|th|td|em|strong|s|mark|link|hr)(_open|_close)?$/;

function renderAnyToken(standard: Renderer['renderToken']): Renderer['renderToken'] {
  return (tokens: Token[], index: number, options) => {
    const token = tokens[index] as Token;
    const what = token.meta?.callout ?? (token.meta?.task ? { checked: token.meta.checked ?? null } : null);
    if (what && token.nesting === 1) token.attrSet('data-baalda', JSON.stringify(what));
    if (HTML_TOKENS.test(token.type)) return standard(tokens, index, options);
    const data = JSON.stringify([token.content, token.meta ?? null, token.attrs ?? null, token.markup, token.info]);
    return `<x-${token.type} data="${markdownParser.utils.escapeHtml(data)}"></x-${token.type}>${token.block ? '\n' : ''}`;
  };
}
