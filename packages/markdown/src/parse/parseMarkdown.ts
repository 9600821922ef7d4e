import type { Token } from 'markdown-it';
import { withFaithfulBlocks } from '../fidelity/faithfulBlocks';
import { frontMatterBlockOf, splitFrontMatter } from '../frontMatter';
import { withResolvedLinks } from '../links/linkPasses';
import type { NoteLinkResolver } from '../links/noteLinkResolver';
import { type EditorElement, type EditorNode, isEditorText, rawBlockOf } from '../model/editorModel';
import { hasSpacedBlocks } from '../write/writeMarkdown';
import { markCallouts } from './callouts';
import { markdownParser, TOKEN_NESTING_LIMIT } from './markdownIt';
import { parseInlineTokens } from './parseInline';
import { tableOf } from './parseTable';
import { RAW_BLOCK_TOKEN } from './rawBlocks';
import { markTaskLists } from './taskLists';

/** MD3: lists and quotes nested deeper than this are flattened into their parent. */
export const MAX_MARKDOWN_NESTING = 20;

const CONTAINERS: Readonly<Record<string, string>> = {
  bullet_list_open: 'bulletList',
  ordered_list_open: 'orderedList',
  list_item_open: 'listItem',
  blockquote_open: 'blockquote',
};

// MD8: a bullet list whose every item starts with a task box (markTaskLists set `meta.task`).
const TASK_CONTAINERS: Readonly<Record<string, string>> = {
  bullet_list_open: 'taskList',
  list_item_open: 'taskItem',
};

const CONTAINER_CLOSES: ReadonlySet<string> = new Set(
  Object.keys(CONTAINERS).map((open) => open.replace(/_open$/, '_close')),
);

const ITEMS: ReadonlySet<string> = new Set(['listItem', 'taskItem']);
const LISTS: ReadonlySet<string> = new Set(['bulletList', 'orderedList', 'taskList']);

const ONLY_BREAKS = /^\s*(<br\s*\/?>\s*)+$/i;
const TEXT_BLOCK_OPENS: ReadonlySet<string> = new Set(['paragraph_open', 'heading_open']);

interface OpenContainer {
  readonly type: string;
  readonly attrs: Record<string, unknown>;
  readonly children: EditorNode[];
  /** Past MD3's bound: children go to the parent instead. */
  readonly flattened: boolean;
}

/**
 * MD1: parses Markdown into the editor's nodes (the top-level blocks of its Y.XmlFragment). Constructs the
 * editor has no node for are raw nodes holding their source (MD11); nothing typed is dropped, and a
 * top-level block that would not come back rendering the same is kept as its source (MD12).
 * Front matter becomes a first code block (MD6). `[[links]]` point at the notes `links` resolves them to (LNK3).
 * @example documentContentOfMarkdown('# Hi') // [{ type: 'heading', attrs: { level: 1 }, children: [{ type: 'text', text: 'Hi', marks: {} }] }]
 */
export function documentContentOfMarkdown(markdown: string, links?: NoteLinkResolver): EditorElement[] {
  const { frontMatter, body } = splitFrontMatter(markdown);
  const parsed = rememberedBlocksOf(body);
  const blocks = links ? withResolvedLinks(parsed, links) : parsed;
  return frontMatter === null ? blocks : [frontMatterBlockOf(frontMatter), ...blocks];
}

// The same text is often read twice in a row (the mirror normalizes a file, then applies it; an assistant's
// write is read, then checked): the last few readings are kept, keyed by the text, and handed out as copies
// so a caller can't change what is kept.
const REMEMBERED_READINGS = 16;
const rememberedReadings = new Map<string, EditorElement[]>();

function rememberedBlocksOf(markdown: string): EditorElement[] {
  let blocks = rememberedReadings.get(markdown);
  if (blocks) rememberedReadings.delete(markdown);
  else blocks = blocksOfMarkdown(markdown);
  rememberedReadings.set(markdown, blocks);
  if (rememberedReadings.size > REMEMBERED_READINGS) {
    rememberedReadings.delete(rememberedReadings.keys().next().value as string);
  }
  return blocks.map(copyOf) as EditorElement[];
}

// Plain data all the way down: attributes and marks hold strings, numbers, booleans and null.
function copyOf(node: EditorNode): EditorNode {
  if (isEditorText(node)) {
    const marks = Object.fromEntries(Object.entries(node.marks).map(([name, attrs]) => [name, { ...attrs }]));
    return { type: 'text', text: node.text, marks };
  }
  return { type: node.type, attrs: { ...node.attrs }, children: node.children.map(copyOf) };
}

function blocksOfMarkdown(markdown: string): EditorElement[] {
  const env: Record<string, unknown> = {};
  const tokens = markCallouts(markTaskLists(markdownParser.parse(markdown, env)));
  const root: OpenContainer = { type: 'doc', attrs: {}, children: [], flattened: false };
  const stack: OpenContainer[] = [root];
  // The source lines of each top-level block: those of the level-0 token that opened it.
  const lines: Array<readonly [number, number] | null> = [];
  let topLevelLines: readonly [number, number] | null = null;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as Token;
    if (token.level === 0 && token.nesting >= 0) topLevelLines = token.map ? [token.map[0], token.map[1]] : null;
    const top = stack[stack.length - 1] as OpenContainer;
    const containerType = token.meta?.callout
      ? 'callout'
      : token.meta?.task
        ? TASK_CONTAINERS[token.type]
        : CONTAINERS[token.type];
    if (containerType) {
      stack.push(openContainer(containerType, token, stack));
      if (LISTS.has(containerType) && isLooseList(tokens, index)) (stack.at(-1) as OpenContainer).attrs.loose = true;
    } else if (CONTAINER_CLOSES.has(token.type)) {
      closeContainer(stack);
    } else if (token.type === 'table_open') {
      const { table, end } = tableOf(tokens, index);
      top.children.push(table);
      index = end;
    } else if (token.type === 'paragraph_open' || token.type === 'heading_open') {
      const inline = tokens[index + 1];
      index += 2;
      // A callout's head line was its paragraph's only line (MD10).
      if (!token.meta?.dropped) top.children.push(textBlockOf(token, inline));
    } else {
      const leaf = leafOf(token);
      if (leaf) top.children.push(leaf);
    }
    while (lines.length < root.children.length) lines.push(topLevelLines);
  }
  while (stack.length > 1) closeContainer(stack);
  const blocks = root.children as EditorElement[];
  if (hitNestingLimit(tokens)) return withRecoveredLines(blocks, markdown, tokens);
  return withFaithfulBlocks(blocks, lines, markdown, env);
}

function openContainer(type: string, token: Token, stack: readonly OpenContainer[]): OpenContainer {
  const depth = stack.filter((open) => !open.flattened && !ITEMS.has(open.type) && open.type !== 'doc').length;
  const parent = stack[stack.length - 1] as OpenContainer;
  const isItem = ITEMS.has(type);
  const flattened = (isItem && parent.flattened) || (!isItem && depth >= MAX_MARKDOWN_NESTING);
  const attrs: Record<string, unknown> = {};
  if (type === 'orderedList') attrs.start = Number(token.attrGet('start') ?? 1);
  if (type === 'taskItem') attrs.checked = token.meta?.checked === true;
  if (type === 'callout') Object.assign(attrs, token.meta?.callout);
  return { type, attrs, children: [], flattened };
}

// MD2: markdown-it hides the paragraphs of a tight list's items; a shown one makes the list loose (spaced).
function isLooseList(tokens: readonly Token[], open: number): boolean {
  const level = (tokens[open] as Token).level;
  for (let index = open + 1; index < tokens.length; index++) {
    const token = tokens[index] as Token;
    if (token.level === level && token.nesting === -1) return false;
    if (token.level === level + 2 && token.type === 'paragraph_open') return !token.hidden;
  }
  return false;
}

function closeContainer(stack: OpenContainer[]): void {
  const open = stack.pop();
  const parent = stack[stack.length - 1];
  if (!open || !parent) return;
  if (open.flattened) {
    parent.children.push(...open.children);
    return;
  }
  const children = open.children;
  // The schema wants a list item to start with a paragraph and a quote to hold a block.
  const first = children[0];
  const needsBlock = open.type === 'blockquote' || open.type === 'callout';
  if ((ITEMS.has(open.type) && first?.type !== 'paragraph') || (needsBlock && !first)) {
    children.unshift(paragraphOf([]));
  }
  // A list whose items' own blocks already space it is written loose anyway: only a choice is kept.
  if (open.attrs.loose && children.some((item) => !isEditorText(item) && hasSpacedBlocks(item))) {
    delete open.attrs.loose;
  }
  parent.children.push({ type: open.type, attrs: open.attrs, children });
}

function textBlockOf(open: Token, inline: Token | undefined): EditorElement {
  const children = parseInlineTokens(inline?.children ?? [], open.type === 'paragraph_open');
  if (open.type === 'heading_open') {
    return { type: 'heading', attrs: { level: Number(open.tag.slice(1)) }, children };
  }
  // MD2: a paragraph of just `&nbsp;` is how an empty paragraph is written.
  const only = inline?.children?.length === 1 ? inline.children[0] : undefined;
  if (only?.info === 'entity' && only.markup === '&nbsp;') return paragraphOf([]);
  return paragraphOf(children);
}

function paragraphOf(children: EditorNode[]): EditorElement {
  return { type: 'paragraph', attrs: {}, children };
}

function textOf(text: string): EditorNode[] {
  return text ? [{ type: 'text', text, marks: {} }] : [];
}

function leafOf(token: Token): EditorElement | null {
  switch (token.type) {
    case 'fence': {
      const language = markdownParser.utils.unescapeAll(token.info).trim();
      return codeBlockOf(token.content, language || null);
    }
    case 'code_block':
      return codeBlockOf(token.content, null);
    case 'hr':
      return { type: 'horizontalRule', attrs: {}, children: [] };
    case 'html_block':
      // A paragraph of nothing but hard breaks is written as `<br>`s, which CommonMark reads as HTML.
      if (ONLY_BREAKS.test(token.content)) {
        return paragraphOf(
          (token.content.match(/<br/gi) ?? []).map(() => ({ type: 'hardBreak', attrs: {}, children: [] })),
        );
      }
      return rawBlockOf(token.content.replace(/\n$/, ''));
    case RAW_BLOCK_TOKEN:
    case 'reference_definition':
      return rawBlockOf(token.content);
    default:
      return null;
  }
}

function codeBlockOf(content: string, language: string | null): EditorElement {
  const attrs = language === null ? {} : { language };
  return { type: 'codeBlock', attrs, children: textOf(content.endsWith('\n') ? content.slice(0, -1) : content) };
}

function hitNestingLimit(tokens: readonly Token[]): boolean {
  return tokens.some((token) => token.level >= TOKEN_NESTING_LIMIT - 1);
}

/**
 * MD3: markdown-it skips the lines nested past its limit. Each such line (its container markers removed)
 * becomes a paragraph after the top-level block it was in, so hostile nesting costs structure, never text.
 */
function withRecoveredLines(blocks: EditorElement[], markdown: string, tokens: readonly Token[]): EditorElement[] {
  const lines = markdown.split('\n');
  const covered = new Uint8Array(lines.length);
  for (const token of tokens) {
    const isLeaf = token.nesting === 0 ? token.type !== 'inline' : TEXT_BLOCK_OPENS.has(token.type);
    if (token.map && isLeaf) covered.fill(1, token.map[0], token.map[1]);
  }
  const topLevel = tokens.filter((token) => token.level === 0 && token.nesting >= 0 && token.map);
  const result: EditorElement[] = [];
  let lineIndex = 0;
  for (const [index, block] of blocks.entries()) {
    result.push(block);
    const end = index === blocks.length - 1 ? lines.length : (topLevel[index]?.map?.[1] ?? lines.length);
    for (; lineIndex < end; lineIndex++) {
      const text = (lines[lineIndex] ?? '').replace(/^[\s>*+\-\d.)]*/, '').trim();
      if (!covered[lineIndex] && text) result.push(paragraphOf(textOf(text)));
    }
  }
  return result;
}
