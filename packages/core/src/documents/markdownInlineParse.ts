import type { Token } from 'markdown-it';
import { type EditorMarks, type EditorNode, type EditorText, isEditorText, LINK_DEFAULTS } from './markdownModel';
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

/**
 * MD1: markdown-it's inline tokens as the editor's inline nodes: runs of text with marks, hard breaks,
 * note links (LNK2) and embeds (LNK5).
 * A soft line break becomes a space (MD2). `<u>`, `<em>`, `<strong>`, `<s>` and `<mark>` are marks and `<br>` a hard
 * break; other inline HTML and images stay as their text (MD3).
 */
export function parseInlineTokens(tokens: readonly Token[]): EditorNode[] {
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
  for (const token of tokens) {
    const current = Object.fromEntries(marks);
    switch (token.type) {
      case 'text':
      case 'text_special':
        pushText(token.content, current);
        break;
      case 'softbreak':
        pushText(' ', current);
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
        pushText(`![${token.content}](${token.attrGet('src') ?? ''})`, current);
        break;
      case 'html_inline':
        applyHtml(token.content, marks, nodes, (text) => pushText(text, current));
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
  keepAsText: (text: string) => void,
): void {
  const tag = html.trim().toLowerCase();
  const mark = /^<(\/?)(u|em|strong|s|mark)>$/.exec(tag);
  const name = mark ? HTML_MARKS[mark[2] as string] : undefined;
  if (mark && name) {
    if (mark[1]) marks.delete(name);
    else marks.set(name, {});
  } else if (BREAK_TAG.test(tag)) {
    nodes.push(hardBreak());
  } else {
    keepAsText(html);
  }
}

function hardBreak(): EditorNode {
  return { type: 'hardBreak', attrs: {}, children: [] };
}

function sameMarks(a: EditorText['marks'], b: EditorText['marks']): boolean {
  return JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
}
