import { type EditorElement, RAW_BLOCK, rawBlockOf } from '../model/editorModel';
import { markdownHtmlWith } from '../parse/markdownIt';
import { markdownOfBody } from '../write/writeMarkdown';

/** The source lines [start, end) a top-level block was read from; null when markdown-it gave none. */
export type SourceLines = readonly [number, number] | null;

/**
 * MD12: `blocks` as they were read from `markdown`, except that a top-level block whose Markdown would not
 * render as its source did (as CommonMark, and with `breaks`) is kept as that source, a raw block. Writing
 * the editor's nodes normalizes Markdown (MD2), and a normal form can't say everything CommonMark can: this
 * keeps the rare block it can't say as typed, so a round trip never changes what a note shows.
 * Checked on the whole note first; only a note that fails is checked block by block, then pair by pair
 * (two blocks can read as one: a list next to a list in the same style), and last kept whole as its blocks'
 * sources. `env` holds the note's reference definitions, which links anywhere in it may use.
 */
export function withFaithfulBlocks(
  blocks: EditorElement[],
  lines: readonly SourceLines[],
  markdown: string,
  env: Record<string, unknown>,
): EditorElement[] {
  const source = markdown.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');
  const rendersSame = (original: string, written: string): boolean =>
    markdownHtmlWith(original, 'marked', env) === markdownHtmlWith(written, 'marked', env);
  const written = markdownOfBody(blocks);
  // A note already in its normal form (what Baalda writes: the mirror's files, most assistants' edits) is
  // written back as it is, so there is nothing to render.
  if (withoutFinalNewlines(written) === withoutFinalNewlines(source) || rendersSame(source, written)) return blocks;
  const sourceLines = source.split('\n');
  const sourceOf = (index: number): string | null => {
    const range = lines[index];
    return range ? trimBlankLines(sourceLines.slice(range[0], range[1]).join('\n')) : null;
  };
  const checked = blocks.map((block, index) => {
    const own = sourceOf(index);
    return own === null || rendersSame(own, markdownOfBody([block])) ? block : rawBlockOf(own);
  });
  const paired = checked.map((block, index) => {
    const previous = checked[index - 1];
    const pair = [sourceOf(index - 1), sourceOf(index)];
    if (!previous || pair.includes(null) || block.type === RAW_BLOCK) return block;
    return rendersSame(pair.join('\n\n'), markdownOfBody([previous, block])) ? block : rawBlockOf(pair[1] as string);
  });
  if (rendersSame(source, markdownOfBody(paired))) return paired;
  return blocks.map((block, index) => {
    const own = sourceOf(index);
    return own === null ? block : rawBlockOf(own);
  });
}

function withoutFinalNewlines(text: string): string {
  return text.replace(/\n+$/, '');
}

function trimBlankLines(text: string): string {
  return text.replace(/^([ \t]*\n)+/, '').replace(/(\n[ \t]*)+$/, '');
}
