import { describe, expect, it } from 'vitest';
import type { EditorElement, EditorNode } from '../model/editorModel';
import { markdownOfBlocks } from '../write/writeMarkdown';
import { documentContentOfMarkdown } from './parseMarkdown';

const text = (value: string): EditorNode => ({ type: 'text', text: value, marks: {} });
const paragraph = (...children: EditorNode[]): EditorElement => ({ type: 'paragraph', attrs: {}, children });
const callout = (attrs: Record<string, unknown>, ...children: EditorElement[]): EditorElement => ({
  type: 'callout',
  attrs: { fold: null, title: null, ...attrs },
  children,
});

/** Markdown → document → Markdown gives `markdown` back byte for byte. */
function expectNormal(markdown: string): void {
  expect(markdownOfBlocks(documentContentOfMarkdown(markdown))).toBe(markdown);
}

describe('callouts in Markdown (MD10)', () => {
  it('[MD10] a titled callout keeps its title line apart from its body', () => {
    const markdown = '> [!tip] Custom titles\n> Like this one.\n';
    expect(documentContentOfMarkdown(markdown)).toEqual([
      callout({ kind: 'tip', title: 'Custom titles' }, paragraph(text('Like this one.'))),
    ]);
    expectNormal(markdown);
  });

  it('[MD10] an untitled callout’s first paragraph is its body, not its title', () => {
    expect(documentContentOfMarkdown('> [!example]\n> The whole first paragraph.\n> Still the body.\n')).toEqual([
      callout({ kind: 'example' }, paragraph(text('The whole first paragraph.\nStill the body.'))),
    ]);
  });

  it('[MD10] fold signs, type case, Markdown in titles and a title alone are kept as typed', () => {
    for (const markdown of [
      '> [!faq]- Are callouts *foldable*? [[FAQ]]\n> Yes.\n',
      '> [!WARNING]+\n> Open by default.\n',
      '> [!note] A one-line callout\n',
      '> [!note] Outer\n>\n> > [!tip] Inner\n> > Body.\n',
      '> [!info] Table inside\n>\n> | a |\n> | --- |\n> | 1 |\n',
    ]) {
      expectNormal(markdown);
    }
    expect(documentContentOfMarkdown('> [!note] A one-line callout\n')).toEqual([
      callout({ kind: 'note', title: 'A one-line callout' }, paragraph()),
    ]);
  });

  it('[MD10] a quote that only starts like a callout head stays a quote, written escaped', () => {
    const quote: EditorElement = {
      type: 'blockquote',
      attrs: {},
      children: [paragraph(text('[!note] not a callout'))],
    };
    const markdown = markdownOfBlocks([quote]);
    expect(markdown).toBe('> \\[!note] not a callout\n');
    expect(documentContentOfMarkdown(markdown)).toEqual([quote]);
  });
});
