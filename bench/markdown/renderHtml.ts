// The bench reads Markdown with the very parser every conversion uses (wikilinks, embeds and whatever syntax
// it learns next), so what counts as syntax here is what Baalda reads.
import { markCallouts, markdownParser, splitFrontMatter } from '@baalda/markdown';
import MarkdownIt, { type Token } from 'markdown-it';
import type { Rendering } from './fidelity';

// Token types markdown-it renders well through `renderToken` (a tag and its attributes, the content being in
// other tokens; `image`'s rule sets its alt text, then calls `renderToken`). Any other token without a rule
// carries its meaning in fields `renderToken` ignores.
const TAG_TOKENS: ReadonlySet<string> = new Set(
  [
    'paragraph',
    'heading',
    'blockquote',
    'bullet_list',
    'ordered_list',
    'list_item',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'strong',
    'em',
    's',
    'link',
    'mark',
  ]
    .flatMap((name) => [`${name}_open`, `${name}_close`])
    .concat('hr', 'image'),
);

/** A renderer of its own, so the bench never changes the parser core converts with. */
const renderer = new MarkdownIt().renderer;
Object.assign(renderer.rules, markdownParser.renderer.rules);
// Core's parser keeps an escape or an entity apart from the text around it (`text_special`): it is text.
if (renderer.rules.text) renderer.rules.text_special = renderer.rules.text;
const renderTag = renderer.renderToken.bind(renderer);
renderer.renderToken = (tokens, index, options) => {
  const token = tokens[index] as Token;
  if (TAG_TOKENS.has(token.type)) return renderTag(tokens, index, options);
  return unknownTokenHtml(token);
};

/**
 * A token of a type no rule renders (`wikilink`, `wikiembed`, a plugin's) as an element named after its type
 * with everything it carries as data: left to `renderToken` it would be an empty `<>`, and every wikilink
 * would render the same as every other.
 */
export function unknownTokenHtml(token: Token): string {
  if (token.nesting === -1) return `</x-${token.type}>`;
  const { content, meta, attrs, markup, info } = token;
  const data = escapeHtml(JSON.stringify({ content, meta, attrs, markup, info }));
  return `<x-${token.type} data="${data}">`;
}

/**
 * `markdown` as HTML, read by Baalda's parser. Front matter is split off first, as the converter does (MD6),
 * and rendered as its text: Obsidian shows it as properties, never as Markdown.
 */
export function renderHtml(markdown: string, rendering: Rendering): string {
  const { frontMatter, body } = splitFrontMatter(markdown);
  const tokens = withCallouts(withTaskItems(markdownParser.parse(body, {})));
  const options = { ...markdownParser.options, breaks: rendering === 'breaks' };
  const html = renderer.render(tokens, options, {});
  return frontMatter === null ? html : `<x-front-matter data="${escapeHtml(frontMatter)}">\n${html}`;
}

/**
 * Obsidian's callouts, read by core's own rule (MD10): the quote gets `data-callout` with its type, fold and
 * title, and the head line leaves its text, as Obsidian shows a callout's head apart from its body.
 */
function withCallouts(tokens: Token[]): Token[] {
  for (const token of markCallouts(tokens)) {
    if (token.meta?.callout) token.attrSet('data-callout', JSON.stringify(token.meta.callout));
  }
  return tokens;
}

// GFM's task list item: a list item whose first paragraph's source starts with `[ ]`, `[x]` or `[X]` and a space
// or tab (an escaped `\[ ]` is text).
const TASK_BOX = /^\[([ xX])\](?=[ \t]|$)/;

/**
 * Marks GFM task list items, which markdown-it leaves as text: the item gets `data-task` with its box's
 * character and the box leaves the text, as GFM and Obsidian show a checkbox there. Without this a task
 * that came back as text (`\[ ]`) would render the same as one that stayed a task.
 */
export function withTaskItems(tokens: Token[]): Token[] {
  tokens.forEach((token, index) => {
    const inline = tokens[index + 2];
    const box =
      inline?.type === 'inline' && tokens[index + 1]?.type === 'paragraph_open' && TASK_BOX.exec(inline.content);
    const first = inline?.children?.[0];
    if (token.type !== 'list_item_open' || !box || !first?.content.startsWith(box[0])) return;
    token.attrSet('data-task', box[1] as string);
    first.content = first.content.slice(3);
  });
  return tokens;
}

function escapeHtml(text: string): string {
  return markdownParser.utils.escapeHtml(text);
}
