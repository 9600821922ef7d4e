// The note the editor bench types in and opens: Markdown of 50,000 characters with GFM tables, image embeds and
// links to other notes, the same every run, so that two runs (or two commits) type into the same document.

/** What the note holds; its Markdown is `chars` long give or take one paragraph's last word. */
export interface BigNoteShape {
  readonly chars: number;
  readonly tables: number;
  /** One `[[name]]` per entry, in order: names of notes the vault holds. */
  readonly linkNames: readonly string[];
  /** One `![[path]]` line per entry: attachments' vault paths. */
  readonly imagePaths: readonly string[];
}

/** The note's last paragraph: the bench waits for this text to know the whole note is on screen. */
export const LAST_PARAGRAPH = 'The bench note ends here, after every table, image and link: quetzal.';

const WORDS = (
  'the team agreed to ship the draft after review because the numbers look right but the timeline is tight ' +
  'and everyone wants one more pass over the design notes budget risks customers feedback roadmap and metrics'
).split(' ');
const TABLE_COLUMNS = ['Item', 'Owner', 'Status', 'Estimate', 'Notes'];
const TABLE_ROWS = 6;

/**
 * The note's Markdown: one section per table, each a heading, an equal share of the linked paragraphs, the
 * table, and an image line in every section the images are spread over; then LAST_PARAGRAPH. The paragraphs'
 * prose is sized so that the whole comes to `shape.chars`.
 */
export function bigNoteMarkdown(shape: BigNoteShape): string {
  const words = wordSource();
  const sections = Array.from({ length: shape.tables }, (_, index) => ({
    heading: `## Section ${index + 1}`,
    links: shareOf(shape.linkNames, index, shape.tables),
    table: tableMarkdown(index, words),
    image: imageOfSection(shape.imagePaths, index, shape.tables),
  }));
  const fixedChars =
    sections.reduce(
      (sum, section) =>
        sum +
        blockChars([section.heading, section.table, section.image]) +
        section.links.reduce((links, name) => links + linkParagraphChars(name), 0),
      0,
    ) + LAST_PARAGRAPH.length;
  let proseLeft = Math.max(0, shape.chars - fixedChars);
  let paragraphsLeft = shape.linkNames.length;
  const blocks: string[] = [];
  for (const section of sections) {
    blocks.push(section.heading);
    for (const name of section.links) {
      const prose = words.take(Math.ceil(proseLeft / paragraphsLeft));
      proseLeft -= prose.length + 1; // the space the link takes from it
      paragraphsLeft -= 1;
      blocks.push(linkParagraph(name, prose));
    }
    blocks.push(section.table);
    if (section.image !== undefined) blocks.push(section.image);
  }
  blocks.push(LAST_PARAGRAPH);
  return blocks.join('\n\n');
}

// Every block is followed by the blank line that separates it from the next (the last one's stands for the
// final newline a note ends with), so a block costs its length plus two.
function blockChars(blocks: ReadonlyArray<string | undefined>): number {
  return blocks.reduce((sum, block) => sum + (block === undefined ? 0 : block.length + 2), 0);
}

function linkParagraphChars(name: string): number {
  return linkParagraph(name, '').length + 2;
}

// The link sits in the middle of the prose, as links do in notes; the prose may be empty.
function linkParagraph(name: string, prose: string): string {
  const cut = prose.indexOf(' ', Math.floor(prose.length / 2));
  const [before, after] = cut < 0 ? [prose, ''] : [prose.slice(0, cut), prose.slice(cut + 1)];
  return `${before} see [[${name}]] ${after}`.trim();
}

function shareOf<T>(items: readonly T[], index: number, parts: number): readonly T[] {
  const size = Math.ceil(items.length / parts);
  return items.slice(index * size, (index + 1) * size);
}

function imageOfSection(paths: readonly string[], index: number, sections: number): string | undefined {
  const every = Math.max(1, Math.floor(sections / Math.max(1, paths.length)));
  const path = index % every === 0 ? paths[index / every] : undefined;
  return path === undefined ? undefined : `![[${path}]]`;
}

function tableMarkdown(index: number, words: WordSource): string {
  const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  const body = Array.from({ length: TABLE_ROWS }, (_, line) =>
    row([`T${index + 1}.${line + 1}`, words.take(6), words.take(10), `${(line + 1) * 2} d`, words.take(24)]),
  );
  return [row(TABLE_COLUMNS), row(TABLE_COLUMNS.map(() => '---')), ...body].join('\n');
}

interface WordSource {
  /** The next words of the cycle, as many as fit in about `chars` characters (at least one). */
  take(chars: number): string;
}

function wordSource(): WordSource {
  let next = 0;
  return {
    take(chars) {
      const taken: string[] = [];
      let length = -1;
      while (length < chars - 1 || taken.length === 0) {
        const word = WORDS[next % WORDS.length] ?? '';
        next += 1;
        taken.push(word);
        length += word.length + 1;
      }
      return taken.join(' ');
    },
  };
}
