import type { Token } from 'markdown-it';
import {
  type EditorMarks,
  type EditorNode,
  type EditorText,
  isEditorText,
  LINK_DEFAULTS,
  RAW_INLINE,
} from './markdownModel';
import { RAW_INLINE_TOKEN } from './markdownRawInline';
import { NOTE_EMBED, NOTE_LINK } from './noteLinkSyntax';

const MARK_OF_TOKEN: Readonly<Record<string, string>> = {
  em: 'italic',
  strong: 'bold',
  s: 'strike',
  mark: 'highlight',
};
// The renderer writes these tags where CommonMark's delimiters would be ambiguous (MD2).
const HTML_MARKS: Readonly<Record<string, string>> = {
  u: 'underline',
  em: 'italic',
  strong: 'bold',
  s: 'strike',
  mark: 'highlight',
};
const BREAK_TAG = /^<br\s*\/?>$/i;
// What may follow `#` in an Obsidian tag.
const TAG_CHAR = /^[\p{L}\p{N}_\-/]/u;

/**
 * MD1: markdown-it's inline tokens as the editor's inline nodes: runs of text with marks, hard breaks,
 * note links (LNK2) and embeds (LNK5).
 * A soft line break is a newline in the text (MD2). `<u>`, `<em>`, `<strong>`, `<s>` and `<mark>` are marks and `<br>`
 * a hard break (in a paragraph, only at its end, where the normal form writes one: inside a paragraph the
 * normal form is `\` and a newline, so a typed `<br>` is kept as typed); other inline HTML, images, math,
 * comments, footnotes and block ids are raw inline nodes (MD11).
 */
export function parseInlineTokens(tokens: readonly Token[], inParagraph = false): EditorNode[] {
  const nodes: EditorNode[] = [];
  const marks = new Map<string, Readonly<Record<string, unknown>>>();
  const pushText = (text: string, runMarks: EditorMarks): void => {
    if (!text) return;
    const last = nodes[nodes.length - 1];
    if (last && isEditorText(last) && sameMarks(last.marks, runMarks)) {
      nodes[nodes.length - 1] = { ...last, text: last.text + text };
    } else {
      nodes.push({ type: 'text', text, marks: runMarks });
    }
  };
  for (const [index, token] of tokens.entries()) {
    const current = Object.fromEntries(marks);
    switch (token.type) {
      case 'text':
        pushText(token.content, current);
        break;
      case 'text_special':
        if (isEscapedTag(token, tokens[index + 1])) nodes.push(rawInlineOf(token.markup));
        else pushText(token.content, current);
        break;
      case 'softbreak':
        pushText('\n', current);
        break;
      case RAW_INLINE_TOKEN:
        nodes.push(rawInlineOf(token.content));
        break;
      case 'hardbreak':
        nodes.push(hardBreak());
        break;
      case 'wikilink':
      case 'wikiembed':
        nodes.push({
          type: token.type === 'wikilink' ? NOTE_LINK : NOTE_EMBED,
          attrs: { docId: null, ...token.meta },
          children: [],
        });
        break;
      case 'code_inline':
        // Tiptap's code mark excludes every other mark, so code text carries the code mark alone.
        pushText(token.content, { code: {} });
        break;
      case 'link_open':
        marks.set('link', {
          href: token.attrGet('href') ?? '',
          ...LINK_DEFAULTS,
          title: token.attrGet('title') || null,
        });
        break;
      case 'image':
        nodes.push(rawInlineOf(String(token.meta?.source ?? `![${token.content}](${token.attrGet('src') ?? ''})`)));
        break;
      case 'html_inline':
        applyHtml(token.content, marks, nodes, inParagraph && index < tokens.length - 1);
        break;
      default:
        toggleMark(token, marks);
    }
  }
  return nodes;
}

function toggleMark(token: Token, marks: Map<string, Readonly<Record<string, unknown>>>): void {
  if (token.type === 'link_close') {
    marks.delete('link');
    return;
  }
  const name = MARK_OF_TOKEN[token.type.replace(/_(open|close)$/, '')];
  if (!name) return;
  if (token.nesting === 1) marks.set(name, {});
  else marks.delete(name);
}

function applyHtml(
  html: string,
  marks: Map<string, Readonly<Record<string, unknown>>>,
  nodes: EditorNode[],
  keepBreakTag: boolean,
): void {
  const tag = html.trim().toLowerCase();
  const mark = /^<(\/?)(u|em|strong|s|mark)>$/.exec(tag);
  const name = mark ? HTML_MARKS[mark[2] as string] : undefined;
  if (mark && name) {
    if (mark[1]) marks.delete(name);
    else marks.set(name, {});
  } else if (BREAK_TAG.test(tag) && !keepBreakTag) {
    nodes.push(hardBreak());
  } else {
    nodes.push(rawInlineOf(html));
  }
}

// MD11: `\#tag` is text where `#tag` is an Obsidian tag; the escape is kept so it stays text there.
function isEscapedTag(token: Token, next: Token | undefined): boolean {
  return token.info === 'escape' && token.content === '#' && next?.type === 'text' && TAG_CHAR.test(next.content);
}

function rawInlineOf(source: string): EditorNode {
  return { type: RAW_INLINE, attrs: { source }, children: [] };
}

function hardBreak(): EditorNode {
  return { type: 'hardBreak', attrs: {}, children: [] };
}

function sameMarks(a: EditorText['marks'], b: EditorText['marks']): boolean {
  return JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
}
