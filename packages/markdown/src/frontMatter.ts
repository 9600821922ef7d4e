import type { EditorElement } from './model/editorModel';

/**
 * MD6: the language of the code block that holds a note's front matter. The editor shows front matter as
 * this code block at the top of the note; Markdown writes it back as `---` … `---`.
 */
export const FRONT_MATTER_LANGUAGE = 'frontmatter';

/** A note's Markdown cut in two: its YAML front matter (without the `---` lines), if any, and the rest. */
export interface FrontMatterSplit {
  readonly frontMatter: string | null;
  readonly body: string;
}

const OPENING = /^---[ \t]*$/;
const CLOSING = /^(---|\.\.\.)[ \t]*$/;
const BLANK = /^[ \t]*$/;

/**
 * MD6: front matter is a first line `---`, then a line that is not blank (so a thematic break followed by
 * a blank line stays one), then lines up to the first `---` or `...` line. Line endings are read the way
 * markdown-it reads them (CRLF and CR are LF, NUL is U+FFFD). Without front matter, `body` is `markdown`.
 * @example splitFrontMatter('---\ntags: [a]\n---\n# Hi\n') // { frontMatter: 'tags: [a]', body: '# Hi\n' }
 */
export function splitFrontMatter(markdown: string): FrontMatterSplit {
  if (!markdown.startsWith('---')) return { frontMatter: null, body: markdown };
  const lines = markdown.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD').split('\n');
  if (!OPENING.test(lines[0] ?? '') || lines.length < 3 || BLANK.test(lines[1] ?? '') || CLOSING.test(lines[1] ?? '')) {
    return { frontMatter: null, body: markdown };
  }
  const end = lines.findIndex((line, index) => index > 1 && CLOSING.test(line));
  if (end < 0) return { frontMatter: null, body: markdown };
  return { frontMatter: lines.slice(1, end).join('\n'), body: lines.slice(end + 1).join('\n') };
}

/**
 * MD6: `yaml` between `---` lines, or null when it would not read back as the same front matter (empty,
 * a blank first line, or a line that would close it early); such a block is written as a fenced one.
 */
export function frontMatterMarkdown(yaml: string): string | null {
  const lines = yaml.split('\n');
  if (yaml === '' || BLANK.test(lines[0] ?? '') || lines.some((line) => CLOSING.test(line) || line.includes('\r'))) {
    return null;
  }
  return `---\n${yaml}\n---`;
}

/** MD6: the code block a note's front matter becomes in the editor. */
export function frontMatterBlockOf(yaml: string): EditorElement {
  const children = yaml ? [{ type: 'text' as const, text: yaml, marks: {} }] : [];
  return { type: 'codeBlock', attrs: { language: FRONT_MATTER_LANGUAGE }, children };
}

/** True for the code block that MD6 writes as front matter (its language says so). */
export function isFrontMatterBlock(block: EditorElement): boolean {
  return block.type === 'codeBlock' && block.attrs.language === FRONT_MATTER_LANGUAGE;
}
