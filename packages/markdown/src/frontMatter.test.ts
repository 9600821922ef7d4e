import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { applyMarkdownEdit } from './edit/applyMarkdownEdit';
import { FRONT_MATTER_LANGUAGE, frontMatterBlockOf, splitFrontMatter } from './frontMatter';
import { type EditorElement, fingerprintOf } from './model/editorModel';
import { documentContentOfMarkdown } from './parse/parseMarkdown';
import { arbitraryBlocks } from './test/arbitraryBlocks';
import { markdownOfBlocks, markdownOfDocument } from './write/writeMarkdown';

const OBSIDIAN_NOTE = `---
title: "Q3 plans"
tags: [planning, q3]
aliases:
  - Plans

created: 2024-06-01
---

# Q3 plans

Ship it.
`;

function roundTrip(markdown: string): string {
  const doc = new Y.Doc();
  applyMarkdownEdit(doc, markdown);
  return markdownOfDocument(doc);
}

describe('front matter (MD6)', () => {
  it('[MD6] YAML front matter round-trips exactly and is the note’s first block, a code block', () => {
    expect(roundTrip(OBSIDIAN_NOTE)).toBe(OBSIDIAN_NOTE);
    const [first] = documentContentOfMarkdown(OBSIDIAN_NOTE);
    expect(first).toMatchObject({ type: 'codeBlock', attrs: { language: FRONT_MATTER_LANGUAGE } });
    expect(roundTrip('---\ntitle: only front matter\n---\n')).toBe('---\ntitle: only front matter\n---\n');
  });

  it('[MD6] CRLF and a closing "..." read as front matter; the normal form closes with ---', () => {
    expect(roundTrip('---\r\ntags: [a]\r\n...\r\n\r\nText\r\n')).toBe('---\ntags: [a]\n---\n\nText\n');
  });

  it('[MD6] a thematic break, a setext heading or --- later in a note are not front matter', () => {
    expect(splitFrontMatter('---\n\ntext\n---\n').frontMatter).toBeNull();
    expect(splitFrontMatter('---\n---\n').frontMatter).toBeNull();
    expect(splitFrontMatter('text\n---\nmore\n---\n').frontMatter).toBeNull();
    expect(splitFrontMatter('---\nnever closed\n').frontMatter).toBeNull();
    expect(roundTrip('---\n\nAfter a rule\n')).toBe('---\n\nAfter a rule\n');
  });

  it('[MD6] a front matter block that would not read back is written as a fenced code block', () => {
    for (const yaml of ['', '\nstarts blank', 'has\n---\ninside', 'has\n...\ninside']) {
      const markdown = markdownOfBlocks([frontMatterBlockOf(yaml)]);
      expect(markdown.startsWith('```frontmatter\n')).toBe(true);
      expect(documentContentOfMarkdown(markdown).map(fingerprintOf)).toEqual([fingerprintOf(frontMatterBlockOf(yaml))]);
    }
    const later: EditorElement[] = [{ type: 'paragraph', attrs: {}, children: [] }, frontMatterBlockOf('a: 1')];
    later[0] = { type: 'paragraph', attrs: {}, children: [{ type: 'text', text: 'first', marks: {} }] };
    expect(markdownOfBlocks(later)).toBe('first\n\n```frontmatter\na: 1\n```\n');
  });

  it('[MD6, MD1] any front matter before any blocks: Markdown → document → Markdown is stable', () => {
    const yamlLine = fc.constantFrom('a: 1', '', '---', '...', '  - x', 'b: "---"', '# c', '\t', 'ü: ✓');
    const yaml = fc.array(yamlLine, { minLength: 1, maxLength: 5 }).map((lines) => lines.join('\n'));
    fc.assert(
      fc.property(yaml, arbitraryBlocks(1), (frontMatter, blocks) => {
        const document = [frontMatterBlockOf(frontMatter), ...blocks];
        const markdown = markdownOfBlocks(document);
        expect(roundTrip(markdown)).toBe(markdown);
        const [first] = documentContentOfMarkdown(markdown);
        expect(first && fingerprintOf(first)).toBe(fingerprintOf(frontMatterBlockOf(frontMatter)));
      }),
      { numRuns: 300 },
    );
  });
});
