import { splitFrontMatter, topLevelHeadingsOf } from '@baalda/markdown';

/** One heading of a note and the section it opens, in UTF-16 code units of the note's Markdown (MCP15). */
export interface OutlineHeading {
  readonly level: number;
  /** The heading's text as Markdown, cut to `MAX_HEADING_TEXT` code units. */
  readonly text: string;
  /** Where the heading's line starts. */
  readonly offset: number;
  /** The heading and everything up to the next heading of the same or a higher level (or the end). */
  readonly length: number;
}

/** Heading texts longer than this are cut in an outline; a section is still found by its whole text. */
export const MAX_HEADING_TEXT = 200;

/**
 * MCP15: the note's top-level headings, in order, each with the extent of its section. Front matter is
 * skipped (its `---` would otherwise read as a heading's underline); headings inside lists, quotes and
 * callouts open no section.
 * @example outlineOf('# A\ntext\n## B\n') // [{ level: 1, text: 'A', offset: 0, length: 14 }, { level: 2, text: 'B', offset: 9, length: 5 }]
 */
export function outlineOf(markdown: string): OutlineHeading[] {
  return headingsOf(markdown).map(({ level, text, offset, length }) => ({
    level,
    text: text.length > MAX_HEADING_TEXT ? text.slice(0, MAX_HEADING_TEXT) : text,
    offset,
    length,
  }));
}

/** MCP15: the headings whose whole text (trimmed) is `section`, with their sections' extents. */
export function sectionsNamed(markdown: string, section: string): OutlineHeading[] {
  const wanted = section.trim();
  return headingsOf(markdown).filter((heading) => heading.text === wanted);
}

function headingsOf(markdown: string): OutlineHeading[] {
  const { body } = splitFrontMatter(markdown);
  const bodyStart = markdown.length - body.length;
  const lineStarts = lineStartsOf(body);
  const found = topLevelHeadingsOf(body).map(({ level, text, line }) => ({
    level,
    text,
    offset: bodyStart + (lineStarts[line] ?? body.length),
  }));
  return found.map((heading, index) => {
    const next = found.slice(index + 1).find((later) => later.level <= heading.level);
    return { ...heading, length: (next?.offset ?? markdown.length) - heading.offset };
  });
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}
