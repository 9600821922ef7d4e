import { documentContentOfMarkdown, markdownOfBlocks } from '@baalda/markdown';
import { describe, expect, it } from 'vitest';
import { type Converter, isFailure, measureCase, shareCell, tallyResults } from './fidelity';
import { commonMarkCases, gfmCases, vaultCases } from './fidelityCases';
import { lineDiff } from './lineDiff';
import { renderHtml } from './renderHtml';

const caseOf = (markdown: string) => ({ id: 'test:1', set: 'test', section: 'tests', markdown });

// A converter that writes `*` emphasis as `_` and renders by deleting both: bytes change, HTML doesn't.
const underscoring: Converter = {
  roundTrip: (markdown) => markdown.replaceAll('*', '_'),
  render: (markdown, rendering) => `${rendering}:${markdown.replaceAll(/[*_]/g, '')}`,
};

describe('markdown fidelity bench', () => {
  it('[BEN5] a case whose output renders the same under both renderings but differs in bytes passes on HTML only', () => {
    const result = measureCase(caseOf('*a*\n'), underscoring);
    expect(result).toMatchObject({ output: '_a_\n', byteIdentical: false, stable: true, error: null });
    expect(result.renderIdentical).toEqual({ commonMark: true, breaks: true });
    expect(isFailure(result)).toBe(false);
    expect(isFailure(result, { bytes: true })).toBe(true);
  });

  it('[BEN5] a second round trip that changes the output again makes the case unstable', () => {
    const appending: Converter = { roundTrip: (markdown) => `${markdown}!`, render: (markdown) => markdown };
    const result = measureCase(caseOf('a'), appending);
    expect(result).toMatchObject({ output: 'a!', stable: false });
    expect(result.html.breaks).toEqual({ before: 'a', after: 'a!' });
    expect(isFailure(result)).toBe(true);
  });

  it('[BEN5] a round trip that throws fails every column and keeps the message', () => {
    const throwing: Converter = {
      roundTrip: () => {
        throw new Error('nesting too deep');
      },
      render: (markdown) => markdown,
    };
    const result = measureCase(caseOf('> a'), throwing);
    expect(result).toMatchObject({ output: null, error: 'nesting too deep', byteIdentical: false, stable: false });
    expect(result.renderIdentical).toEqual({ commonMark: false, breaks: false });
  });

  it('[BEN5] a tally counts each check apart, and a share shows its count', () => {
    const results = [measureCase(caseOf('a\n'), underscoring), measureCase(caseOf('*a*\n'), underscoring)];
    expect(tallyResults(results)).toEqual({
      cases: 2,
      renderIdentical: { commonMark: 2, breaks: 2 },
      byteIdentical: 1,
      stable: 2,
      errors: 0,
    });
    expect([shareCell(1, 3), shareCell(0, 0)]).toEqual(['33.3% (1)', '–']);
  });

  it('[BEN6] two different wikilinks or embeds never render alike, and each names its parts', () => {
    const [plain, aliased, embed] = ['[[Note]]', '[[Note|alias]]', '![[Note]]'].map((markdown) =>
      renderHtml(markdown, 'commonMark'),
    );
    expect(new Set([plain, aliased, embed]).size).toBe(3);
    expect(plain).toContain('<x-wikilink data="');
    expect(aliased).toContain('&quot;alias&quot;:&quot;alias&quot;');
    expect(embed).toContain('<x-wikiembed data="');
  });

  it("[BEN6] markdown-it's own tokens keep their HTML: an image is an <img> with its title", () => {
    expect(renderHtml('![a](/u "t") *b*\n', 'commonMark')).toBe('<p><img src="/u" alt="a" title="t"> <em>b</em></p>\n');
  });

  it('[BEN6] only the breaks rendering turns a single newline into <br>', () => {
    expect(renderHtml('a\nb\n', 'commonMark')).toBe('<p>a\nb</p>\n');
    expect(renderHtml('a\nb\n', 'breaks')).toBe('<p>a<br>\nb</p>\n');
  });

  it('[BEN6] a task box renders apart from the same text escaped, as GFM shows a checkbox for one only', () => {
    expect(renderHtml('- [x] done\n', 'commonMark')).toBe('<ul>\n<li data-task="x"> done</li>\n</ul>\n');
    expect(renderHtml('- \\[x] done\n', 'commonMark')).toBe('<ul>\n<li>[x] done</li>\n</ul>\n');
  });

  it('[BEN6] front matter renders as its text, not as a rule and a heading', () => {
    expect(renderHtml('---\ntags: [a]\n---\n# Hi\n', 'commonMark')).toBe(
      '<x-front-matter data="tags: [a]">\n<h1>Hi</h1>\n',
    );
  });

  it('[BEN5] a line diff keeps both texts whole, removals before additions', () => {
    expect(lineDiff('a\nb\nc', 'a\nB\nc\nd')).toEqual([
      { sign: ' ', text: 'a' },
      { sign: '-', text: 'b' },
      { sign: '+', text: 'B' },
      { sign: ' ', text: 'c' },
      { sign: '+', text: 'd' },
    ]);
  });
});

describe('Markdown fidelity on the fixture vault and the spec examples (MD12)', () => {
  const converter: Converter = {
    roundTrip: (markdown) => markdownOfBlocks(documentContentOfMarkdown(markdown)),
    render: renderHtml,
  };

  it('[MD12, BEN5] every fixture vault file renders the same after import → export, under both renderings, and is then in its normal form', async () => {
    const results = (await vaultCases()).map((fixture) => measureCase(fixture, converter));
    expect(results.length).toBeGreaterThan(20);
    expect(results.filter((result) => isFailure(result)).map((result) => result.id)).toEqual([]);
  });

  it('[MD12, BEN5] every CommonMark and GFM spec example renders the same after a round trip', () => {
    const results = [...commonMarkCases(), ...gfmCases()].map((example) => measureCase(example, converter));
    expect(results.filter((result) => isFailure(result)).map((result) => result.id)).toEqual([]);
  });
});
