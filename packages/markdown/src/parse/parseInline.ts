import type { Token } from 'markdown-it';
import { NOTE_EMBED, NOTE_LINK } from '../links/wikilinkSyntax';
import {
  atomMarksAttrOf,
  type EditorElement,
  type EditorMarks,
  type EditorNode,
  type EditorText,
  isEditorText,
  LINK_DEFAULTS,
  RAW_INLINE,
} from '../model/editorModel';
import { RAW_INLINE_TOKEN } from './rawInline';

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
  // An atom inside a Markdown link can't say so (MD13 keeps formatting only): the block is then kept as typed (MD12).
  const pushAtom = (node: EditorElement, runMarks: EditorMarks): void => {
    const atomMarks = atomMarksAttrOf(runMarks);
    nodes.push(atomMarks ? { ...node, attrs: { ...node.attrs, marks: atomMarks } } : node);
  };
  for (const [index, token] of tokens.entries()) {
    const current = Object.fromEntries(marks);
    switch (token.type) {
      case 'text':
        pushText(token.content, current);
        break;
      case 'text_special':
        if (isEscapedTag(token, tokens[index + 1])) pushAtom(rawInlineOf(token.markup), current);
        else pushText(token.content, current);
        break;
      case 'softbreak':
        pushText('\n', current);
        break;
      case RAW_INLINE_TOKEN:
        pushAtom(rawInlineOf(token.content), current);
        break;
      case 'hardbreak':
        nodes.push(hardBreak());
        break;
      case 'wikilink':
      case 'wikiembed':
        pushAtom(
          {
            type: token.type === 'wikilink' ? NOTE_LINK : NOTE_EMBED,
            attrs: { docId: null, ...token.meta },
            children: [],
          },
          current,
        );
        break;
      case 'code_inline':
        // MD13: code wears the marks around it too (`**`x`**`, a link around `code`); the editor's code mark
        // excludes none of them.
        pushText(token.content, { ...current, code: {} });
        break;
      case 'link_open':
        marks.set('link', {
          href: token.attrGet('href') ?? '',
          ...LINK_DEFAULTS,
          title: token.attrGet('title') || null,
          ...withWrappers(wrappersOf(tokens, index)),
        });
        break;
      case 'image':
        pushAtom(
          rawInlineOf(String(token.meta?.source ?? `![${token.content}](${token.attrGet('src') ?? ''})`)),
          current,
        );
        break;
      case 'html_inline':
        applyHtml(token.content, marks, inParagraph && index < tokens.length - 1, {
          breakLine: () => nodes.push(hardBreak()),
          keepSource: (html) => pushAtom(rawInlineOf(html), current),
        });
        break;
      default:
        toggleMark(token, marks);
    }
  }
  return nodes;
}

/**
 * MD13: `**[x](u)**` and `[**x**](u)` read as the same marks on the same text but render differently, so a
 * link keeps the names of the marks written right around it (opened just before it, closed just after) in
 * `inside`, space-separated.
 */
function wrappersOf(tokens: readonly Token[], open: number): string | null {
  let close = open;
  for (let depth = 0; close < tokens.length; close++) {
    const type = (tokens[close] as Token).type;
    if (type === 'link_open') depth++;
    else if (type === 'link_close' && --depth === 0) break;
  }
  const names: string[] = [];
  // Emphasis leaves empty text tokens where its delimiters were; they separate nothing.
  const isEmpty = (token: Token | undefined): boolean => token?.type === 'text' && token.content === '';
  for (let before = open - 1, after = close + 1; ; before--, after++) {
    while (isEmpty(tokens[before])) before--;
    while (isEmpty(tokens[after])) after++;
    const opening = tokens[before];
    const closing = tokens[after];
    const name = opening && markEdgeOf(opening, 'open');
    if (!name || !closing || markEdgeOf(closing, 'close') !== name) break;
    names.push(name);
  }
  return names.length > 0 ? names.join(' ') : null;
}

// The mark a token opens or closes, written with delimiters or as an HTML tag (`<strong>`, `</u>`).
function markEdgeOf(token: Token, edge: 'open' | 'close'): string | undefined {
  if (token.type === 'html_inline') {
    const tag = /^<(\/?)(u|em|strong|s|mark)>$/.exec(token.content.trim().toLowerCase());
    return tag && (tag[1] === '/') === (edge === 'close') ? HTML_MARKS[tag[2] as string] : undefined;
  }
  if (token.nesting !== (edge === 'open' ? 1 : -1)) return undefined;
  return MARK_OF_TOKEN[token.type.replace(/_(open|close)$/, '')];
}

function withWrappers(inside: string | null): { inside?: string } {
  return inside ? { inside } : {};
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
  keepBreakTag: boolean,
  add: { breakLine(): void; keepSource(html: string): void },
): void {
  const tag = html.trim().toLowerCase();
  const mark = /^<(\/?)(u|em|strong|s|mark)>$/.exec(tag);
  const name = mark ? HTML_MARKS[mark[2] as string] : undefined;
  if (mark && name) {
    if (mark[1]) marks.delete(name);
    else marks.set(name, {});
  } else if (BREAK_TAG.test(tag) && !keepBreakTag) {
    add.breakLine();
  } else {
    add.keepSource(html);
  }
}

// MD11: `\#tag` is text where `#tag` is an Obsidian tag; the escape is kept so it stays text there.
function isEscapedTag(token: Token, next: Token | undefined): boolean {
  return token.info === 'escape' && token.content === '#' && next?.type === 'text' && TAG_CHAR.test(next.content);
}

function rawInlineOf(source: string): EditorElement {
  return { type: RAW_INLINE, attrs: { source }, children: [] };
}

function hardBreak(): EditorElement {
  return { type: 'hardBreak', attrs: {}, children: [] };
}

function sameMarks(a: EditorText['marks'], b: EditorText['marks']): boolean {
  return JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
}
