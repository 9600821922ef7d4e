import type * as Y from 'yjs';
import { frontMatterMarkdown, isFrontMatterBlock } from '../frontMatter';
import { withCurrentLinkTexts } from '../links/linkPasses';
import type { NoteLinkResolver } from '../links/noteLinkResolver';
import {
  type EditorElement,
  type EditorNode,
  editorChildrenOf,
  isEditorText,
  isEmptyParagraph,
} from '../model/editorModel';
import { EDITOR_FRAGMENT } from '../model/plainText';
import { calloutHeadOf } from '../parse/callouts';
import { TASK_BOX } from '../parse/taskLists';
import { renderInline } from './writeInline';
import { renderTable } from './writeTable';

// markdown-it reads at most 9 digits as a list number.
const MAX_LIST_START = 999_999_999;

/**
 * MD2: the note as Markdown, one block after another with a blank line between, ending in one newline
 * (empty for an empty note). Deterministic: the same document always gives the same text.
 * @example markdownOfDocument(doc) // '# Plans\n\n- **ship** it\n'
 */
export function markdownOfDocument(doc: Y.Doc, links?: NoteLinkResolver): string {
  const blocks = editorChildrenOf(doc.getXmlFragment(EDITOR_FRAGMENT)).filter(
    (node): node is EditorElement => !isEditorText(node),
  );
  return markdownOfBlocks(blocks, links);
}

/**
 * MD2: top-level blocks as Markdown; trailing empty paragraphs (Tiptap keeps one after a list) are left out.
 * A first code block in FRONT_MATTER_LANGUAGE is written as front matter when it reads back as such (MD6).
 * A note link names its note's current path when `links` knows it (LNK3).
 */
export function markdownOfBlocks(blocks: readonly EditorElement[], links?: NoteLinkResolver): string {
  const content = withoutTrailingEmptyParagraphs(links ? withCurrentLinkTexts(blocks, links) : blocks);
  const [first, ...rest] = content;
  if (!first) return '';
  const frontMatter = isFrontMatterBlock(first) ? frontMatterMarkdown(codeOf(first)) : null;
  if (frontMatter === null) return `${renderBlocks(content)}\n`;
  return rest.length === 0 ? `${frontMatter}\n` : `${frontMatter}\n\n${renderBlocks(rest)}\n`;
}

/** MD12: blocks as Markdown with no front matter or link resolution: how the fidelity check writes them. */
export function markdownOfBody(blocks: readonly EditorElement[]): string {
  const content = withoutTrailingEmptyParagraphs(blocks);
  return content.length === 0 ? '' : `${renderBlocks(content)}\n`;
}

/** `blocks` without the empty paragraphs at its end. */
export function withoutTrailingEmptyParagraphs<T extends EditorNode>(blocks: readonly T[]): T[] {
  let end = blocks.length;
  while (end > 0 && isEmptyParagraph(blocks[end - 1] as T)) end--;
  return blocks.slice(0, end);
}

function renderBlocks(blocks: readonly EditorNode[], inItem = false): string {
  let markdown = '';
  let previous: EditorNode | undefined;
  let alternate = false;
  let rendered = '';
  for (const block of blocks) {
    if (isEditorText(block) || (block.type === 'rawBlock' && !codeOf(block))) continue;
    // Two lists in a row would read back as one; switching the marker starts a new list (MD2).
    alternate = previous && isList(block) && listFamilyOf(previous) === listFamilyOf(block) ? !alternate : false;
    if (previous) markdown += inItem && followsTightly(previous, rendered, block) ? '\n' : '\n\n';
    rendered = renderBlock(block, alternate);
    markdown += rendered;
    previous = block;
  }
  return markdown;
}

// In a list item, a list that may interrupt a paragraph (CommonMark) follows the item's text on the next
// line, keeping the list tight. A paragraph of only breaks reads as an HTML block, which runs to the next
// blank line.
function followsTightly(previous: EditorNode, previousMarkdown: string, block: EditorElement): boolean {
  return previous.type === 'paragraph' && !previousMarkdown.startsWith('<') && canInterrupt(block);
}

/**
 * MD2: true when a list item's blocks are written with a blank line between two of them, which makes its
 * list loose (spaced) whatever the list says.
 */
export function hasSpacedBlocks(item: EditorElement): boolean {
  const blocks = item.children.filter(
    (block): block is EditorElement => !isEditorText(block) && !(block.type === 'rawBlock' && !codeOf(block)),
  );
  return blocks.some((block, index) => {
    const previous = blocks[index - 1];
    return previous !== undefined && !followsTightly(previous, renderBlock(previous, false), block);
  });
}

function canInterrupt(block: EditorElement): boolean {
  const first = block.children[0];
  // An empty item can't interrupt a paragraph: it would be read as the paragraph's text.
  if (!first || isEditorText(first) || isEmptyItem(first)) return false;
  return listFamilyOf(block) === 'bullet' || (block.type === 'orderedList' && Number(block.attrs.start ?? 1) === 1);
}

// MD2: an item holding only an empty paragraph is written as its bare marker (`-`), which reads back as one.
// A list of nothing but such items can't be loose: markdown-it spaces a list by its items' paragraphs.
function isEmptyItem(item: EditorElement): boolean {
  return item.type === 'listItem' && item.children.length === 1 && isEmptyParagraph(item.children[0] as EditorNode);
}

// An item of nothing but line breaks is written `<br>`, an HTML block: like an empty item, no paragraph of
// it shows whether its list is spaced, so a list of only such items is written tight.
function hasNoParagraphText(item: EditorElement): boolean {
  if (isEmptyItem(item)) return true;
  const only = item.children.length === 1 ? item.children[0] : undefined;
  return (
    only !== undefined &&
    !isEditorText(only) &&
    only.type === 'paragraph' &&
    only.children.every((child) => !isEditorText(child) && child.type === 'hardBreak')
  );
}

function isList(node: EditorElement): boolean {
  return listFamilyOf(node) !== null;
}

// Bullet and task lists share their markers, so one right after the other would read back as one list.
function listFamilyOf(node: EditorNode): 'bullet' | 'ordered' | null {
  if (node.type === 'bulletList' || node.type === 'taskList') return 'bullet';
  return node.type === 'orderedList' ? 'ordered' : null;
}

function renderBlock(block: EditorElement, alternate: boolean): string {
  switch (block.type) {
    case 'paragraph':
      return isEmptyParagraph(block) ? '&nbsp;' : renderInline(block.children, false);
    case 'heading':
      return `${'#'.repeat(clamp(Number(block.attrs.level) || 1, 1, 6))} ${renderInline(block.children, true)}`;
    case 'codeBlock':
      return renderCodeBlock(block);
    case 'rawBlock':
      return codeOf(block);
    case 'blockquote':
      return prefixLines(escapeCalloutHead(renderBlocks(block.children)), '> ', '>');
    case 'callout':
      return prefixLines(renderCallout(block), '> ', '>');
    case 'horizontalRule':
      return '---';
    case 'table':
      return renderTable(block);
    case 'bulletList':
      return renderItems(block, () => (alternate ? '* ' : '- '), { content: taskBoxEscaper(block) });
    case 'taskList':
      // MD8: the box follows the bullet; the item's content lines up under the bullet's content, as GFM reads it.
      return renderItems(block, (_index, item) => `${alternate ? '*' : '-'} [${item.attrs.checked ? 'x' : ' '}] `, {
        indent: 2,
      });
    case 'orderedList': {
      const start = clamp(Math.trunc(Number(block.attrs.start ?? 1)) || 0, 0, MAX_LIST_START);
      return renderItems(block, (index) => `${Math.min(start + index, MAX_LIST_START)}${alternate ? ')' : '.'} `);
    }
    default:
      // A node from an extension this module doesn't know: its content, as blocks or as a paragraph.
      return block.children.some(isInline) ? renderInline(block.children, false) : renderBlocks(block.children);
  }
}

function isInline(node: EditorNode): boolean {
  return isEditorText(node) || node.type === 'hardBreak';
}

interface ItemLayout {
  /** Spaces before an item's later lines (default: the marker's width). */
  readonly indent?: number;
  /** Rewrites an item's rendered content before it is prefixed. */
  readonly content?: (markdown: string) => string;
}

function renderItems(
  list: EditorElement,
  markerOf: (index: number, item: EditorElement) => string,
  { indent, content = (markdown) => markdown }: ItemLayout = {},
): string {
  const items = list.children.filter((item): item is EditorElement => !isEditorText(item));
  return items
    .map((item, index) => {
      const marker = markerOf(index, item);
      const body = isEmptyItem(item) ? '' : content(renderBlocks(item.children, true) || '&nbsp;');
      return prefixLines(body, marker, '', ' '.repeat(indent ?? marker.length));
    })
    .join(list.attrs.loose === true && !items.every(hasNoParagraphText) ? '\n\n' : '\n');
}

// MD10: a callout's head line, then its body: on the next line when the body starts with text (as Obsidian
// writes it) unless it was `spaced`, after a blank line otherwise. A body of one empty paragraph is no body.
function renderCallout(callout: EditorElement): string {
  const { kind, fold, title } = callout.attrs;
  const titleText = typeof title === 'string' ? title.replace(/[\r\n]+/g, ' ').trim() : '';
  const head = `[!${String(kind || 'note')}]${fold === '+' || fold === '-' ? fold : ''}${titleText ? ` ${titleText}` : ''}`;
  const body = callout.children.filter((child): child is EditorElement => !isEditorText(child));
  if (body.length === 0 || (body.length === 1 && isEmptyParagraph(body[0] as EditorElement))) return head;
  const first = body[0] as EditorElement;
  const tight = first.type === 'paragraph' && !isEmptyParagraph(first) && callout.attrs.spaced !== true;
  return `${head}${tight ? '\n' : '\n\n'}${renderBlocks(body)}`;
}

// MD10: a quote whose text starts like a callout head keeps it as text (`\[!note]`).
function escapeCalloutHead(markdown: string): string {
  return calloutHeadOf(markdown.split('\n')[0] ?? '') ? `\\${markdown}` : markdown;
}

// MD8: when every item of a plain list starts like a task box, the boxes are written `\[ ] `, so the list
// never reads back as a task list; in a list that mixes them, GFM shows each box as it is typed.
function taskBoxEscaper(list: EditorElement): (markdown: string) => string {
  const items = list.children.filter((item): item is EditorElement => !isEditorText(item));
  const allBoxed = items.every((item) => TASK_BOX.test(renderBlocks(item.children.slice(0, 1), true)));
  return (markdown) => (allBoxed && TASK_BOX.test(markdown) ? `\\${markdown}` : markdown);
}

function codeOf(block: EditorElement): string {
  return block.children.map((child) => (isEditorText(child) ? child.text : '')).join('');
}

function renderCodeBlock(block: EditorElement): string {
  const code = codeOf(block);
  const language = typeof block.attrs.language === 'string' ? block.attrs.language.replace(/[\r\n]/g, ' ') : '';
  // A backtick fence can't carry a language with a backtick in it; a tilde fence can.
  const mark = language.includes('`') ? '~' : '`';
  const longest = Math.max(0, ...(code.match(mark === '`' ? /`+/g : /~+/g) ?? []).map((run) => run.length));
  const fence = mark.repeat(Math.max(3, longest + 1));
  const info = language.replace(/[\\&]/g, '\\$&');
  return `${fence}${info}\n${code ? `${code}\n` : ''}${fence}`;
}

// The first line gets `first`, the others `rest`; blank lines get `blank` so no line ends in spaces.
function prefixLines(text: string, first: string, blank: string, rest = first): string {
  return text
    .split('\n')
    .map((line, index) => {
      if (index === 0) return line ? first + line : first.trimEnd();
      return line ? rest + line : blank;
    })
    .join('\n');
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
