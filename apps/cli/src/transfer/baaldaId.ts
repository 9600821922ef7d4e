import { splitFrontMatter } from '@baalda/markdown';

/**
 * The front matter key exports before `.baalda-ids.json` carried a note's docId in. Import still reads it
 * and removes it (XFER7), so such a file finds its note again; everything else in the front matter is the
 * note's own (MD6). Export no longer writes it (XFER2).
 */
export const BAALDA_ID_KEY = 'baalda_id';

/** A docId as the relay's tools take one (core's DOC_ID_PATTERN, without its anchors). */
export const DOC_ID_CHARS = '[A-Za-z0-9_-]{16,64}';

const ID_LINE = new RegExp(`^${BAALDA_ID_KEY}:[ \\t]*(["']?)(${DOC_ID_CHARS})\\1[ \\t]*$`);

/**
 * A file's text as a note's Markdown, and the docId its front matter names (null when it names none).
 * The id's line is removed; front matter left empty by that goes too, with the blank line after it.
 * @example takeBaaldaId('---\nbaalda_id: abc…\n---\n\n# Hi\n') // { docId: 'abc…', markdown: '# Hi\n' }
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
