import type { MarkdownIt, StateBlock, Token } from 'markdown-it';
import { type BlockRule, builtInBlockRule } from './builtInRules';

/** MD11: a block kept as its source; `content` is its lines, container prefixes removed, no final newline. */
export const RAW_BLOCK_TOKEN = 'raw_block';

// Obsidian's fenced constructs without a native node: `$$` display math and `%%` comments.
const RAW_FENCES = ['$$', '%%'] as const;

// `[^label]:` starts a footnote definition (markdown-it-footnote's syntax, which Obsidian shares).
const FOOTNOTE_START = /^\[\^([^\]\s]+)\]:/;

/**
 * MD11: markdown-it block rules for what the editor has no node for, each giving a `raw_block` token with
 * the construct's exact source: `$$…$$` math and `%%…%%` comments that start a block, footnote definitions
 * (their extent as markdown-it-footnote reads it) and link reference definitions (which CommonMark reads and
 * drops; kept, they still define the links that use them). The published footnote and math plugins render
 * HTML and move or rewrite what they read; these keep the text as typed.
 */
export function markdownItRawBlocks(markdown: MarkdownIt): void {
  for (const fence of RAW_FENCES) {
    markdown.block.ruler.before('fence', `raw_fence_${fence}`, rawFenceRule(fence));
  }
  markdown.block.ruler.before('reference', 'footnote_definition', footnoteDefinitionRule, {
    alt: ['paragraph', 'reference'],
  });
  keepReferenceSources(markdown);
}

/** The exact source of lines [start, end) as a block at the current indent sees them, blank lines trimmed. */
function sourceOf(state: StateBlock, start: number, end: number): string {
  return state.getLines(start, end, state.blkIndent, false).replace(/(\n[ \t]*)+$/, '');
}

function pushRaw(state: StateBlock, start: number, end: number): Token {
  const token = state.push(RAW_BLOCK_TOKEN, '', 0);
  token.content = sourceOf(state, start, end);
  token.map = [start, end];
  state.line = end;
  return token;
}

function lineText(state: StateBlock, line: number): string {
  return state.src.slice(lineStart(state, line), state.eMarks[line]);
}

function lineStart(state: StateBlock, line: number): number {
  return (state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0);
}

function indentOf(state: StateBlock, line: number): number {
  return (state.sCount[line] ?? 0) - state.blkIndent;
}

// A block that starts with `fence` and ends at the first later line ending with it: math stops at a blank
// line, a comment may hide several paragraphs. Unclosed, or closed on its first line, it is not a block but
// a paragraph's inline math or comment.
function rawFenceRule(fence: string): BlockRule {
  return (state, startLine, endLine, silent) => {
    if (indentOf(state, startLine) >= 4) return false;
    const first = lineText(state, startLine).trimEnd();
    if (!first.startsWith(fence) || first.includes(fence, fence.length)) return false;
    let last = -1;
    for (let line = startLine + 1; last < 0 && line < endLine; line++) {
      const text = lineText(state, line);
      if ((text && indentOf(state, line) < 0) || (fence === '$$' && !text.trim())) break;
      if (text.trimEnd().endsWith(fence)) last = line;
    }
    if (last < 0) return false;
    if (!silent) pushRaw(state, startLine, last + 1);
    return true;
  };
}

// The definition's extent is what markdown-it-footnote would read as its content: the rest of the line,
// lazy continuation lines and blocks indented by four spaces, parsed as blocks and then thrown away.
const footnoteDefinitionRule: BlockRule = (state, startLine, endLine, silent) => {
  if (indentOf(state, startLine) >= 4) return false;
  const start = lineStart(state, startLine);
  const head = FOOTNOTE_START.exec(state.src.slice(start, state.eMarks[startLine]));
  if (!head) return false;
  if (silent) return true;
  const end = footnoteEnd(state, startLine, endLine, start + head[0].length);
  pushRaw(state, startLine, end);
  return true;
};

function footnoteEnd(state: StateBlock, startLine: number, endLine: number, afterColon: number): number {
  const saved = {
    bMark: state.bMarks[startLine] as number,
    tShift: state.tShift[startLine] as number,
    sCount: state.sCount[startLine] as number,
    parentType: state.parentType,
    tokens: state.tokens.length,
    level: state.level,
  };
  let pos = afterColon;
  while (pos < (state.eMarks[startLine] ?? 0) && (state.src[pos] === ' ' || state.src[pos] === '\t')) pos++;
  state.bMarks[startLine] = afterColon;
  state.tShift[startLine] = pos - afterColon;
  state.sCount[startLine] = state.blkIndent + 4;
  state.blkIndent += 4;
  state.parentType = 'footnote' as StateBlock['parentType'];
  state.md.block.tokenize(state, startLine, endLine);
  const end = Math.max(state.line, startLine + 1);
  state.blkIndent -= 4;
  state.parentType = saved.parentType;
  state.bMarks[startLine] = saved.bMark;
  state.tShift[startLine] = saved.tShift;
  state.sCount[startLine] = saved.sCount;
  state.tokens.length = saved.tokens;
  state.level = saved.level;
  return end;
}

// markdown-it reads a reference definition into `env.references` and leaves a `reference_definition`
// token without its text; the wrapper adds the text, so the definition is written back as it was.
function keepReferenceSources(markdown: MarkdownIt): void {
  const reference = builtInBlockRule('reference');
  markdown.block.ruler.at('reference', (state: StateBlock, startLine: number, endLine: number, silent: boolean) => {
    const before = state.tokens.length;
    if (!reference(state, startLine, endLine, silent)) return false;
    const token = state.tokens[before];
    if (!silent && token) token.content = sourceOf(state, startLine, state.line);
    return true;
  });
  markdown.core.ruler.disable('strip_references');
}
