import { describe, expect, it } from 'vitest';
import { bigNoteMarkdown, LAST_PARAGRAPH } from './bigNote';

const linkNames = Array.from({ length: 200 }, (_, index) => `Topic ${index + 1}`);
const imagePaths = Array.from({ length: 10 }, (_, index) => `Attachments/pic-${index + 1}.png`);

describe('the editor bench note', () => {
  it('[BEN2] is 50,000 characters with 20 tables, each image once and each link once, ending with its marker', () => {
    const markdown = bigNoteMarkdown({ chars: 50_000, tables: 20, linkNames, imagePaths });
    expect(markdown.length).toBeGreaterThanOrEqual(50_000);
    expect(markdown.length).toBeLessThan(50_000 + 50);
    expect(markdown.match(/^\| --- \| --- \| --- \| --- \| --- \|$/gm)).toHaveLength(20);
    expect(markdown.match(/^!\[\[Attachments\/pic-\d+\.png\]\]$/gm)).toEqual(imagePaths.map((path) => `![[${path}]]`));
    expect(markdown.match(/(?<!!)\[\[[^\]]+\]\]/g)).toEqual(linkNames.map((name) => `[[${name}]]`));
    expect(markdown.endsWith(`\n\n${LAST_PARAGRAPH}`)).toBe(true);
    expect(bigNoteMarkdown({ chars: 50_000, tables: 20, linkNames, imagePaths })).toBe(markdown);
  });

  it('[BEN2] keeps every part when asked for less text than its tables and links take', () => {
    const markdown = bigNoteMarkdown({ chars: 0, tables: 2, linkNames: ['A', 'B', 'C'], imagePaths: ['x.png'] });
    expect(markdown.match(/\[\[[ABC]\]\]/g)).toEqual(['[[A]]', '[[B]]', '[[C]]']);
    expect(markdown.match(/^\| Item /gm)).toHaveLength(2);
    expect(markdown).toContain('![[x.png]]');
  });
});
