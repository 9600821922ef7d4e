import { splitFrontMatter } from '@baalda/core';

/**
 * The front matter key an exported note carries its docId in (XFER2). Import reads it to find the note
 * again and removes it; everything else in the front matter is the note's own (MD6).
 */
export const BAALDA_ID_KEY = 'baalda_id';

const ID_LINE = new RegExp(`^${BAALDA_ID_KEY}:[ \\t]*(["']?)([A-Za-z0-9_-]{16,64})\\1[ \\t]*$`);

/**
 * The file an exported note becomes: its Markdown with `baalda_id: <docId>` as the first line of its front
 * matter, which is added when the note has none.
 * @example withBaaldaId('# Hi\n', 'abc…') // '---\nbaalda_id: abc…\n---\n\n# Hi\n'
 */
export function withBaaldaId(markdown: string, docId: string): string {
  const { frontMatter, body } = splitFrontMatter(markdown);
  const idLine = `${BAALDA_ID_KEY}: ${docId}`;
  if (frontMatter !== null) return `---\n${idLine}\n${frontMatter}\n---\n${body}`;
  return markdown ? `---\n${idLine}\n---\n\n${markdown}` : `---\n${idLine}\n---\n`;
}

/**
 * A file's text as a note's Markdown, and the docId its front matter names (null when it names none).
 * The id's line is removed; front matter left empty by that goes too, with the blank line after it.
 */
export function takeBaaldaId(text: string): { docId: string | null; markdown: string } {
  const { frontMatter, body } = splitFrontMatter(text);
  if (frontMatter === null) return { docId: null, markdown: text };
  const lines = frontMatter.split('\n');
  const index = lines.findIndex((line) => ID_LINE.test(line));
  if (index < 0) return { docId: null, markdown: text };
  const docId = ID_LINE.exec(lines[index] ?? '')?.[2] ?? null;
  const rest = lines.filter((_, other) => other !== index);
  const markdown = rest.every((line) => line.trim() === '')
    ? body.replace(/^\n/, '')
    : `---\n${rest.join('\n')}\n---\n${body}`;
  return { docId, markdown };
}
