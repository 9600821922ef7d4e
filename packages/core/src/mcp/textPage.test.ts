import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageText, splitsPair, type TextPage } from './textPage';

// Emoji (surrogate pairs, ZWJ sequences), accents, CJK, and lone surrogates that must pass through as-is.
const piece = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.constantFrom('😀', '👩‍👩‍👧', '🇫🇷', 'é', 'e\u0301', '日本語', '\ud83d', '\ude00', '\n', 'a'),
);
const anyText = fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join(''));

function pageAll(text: string, sizes: readonly number[]): TextPage[] {
  const pages: TextPage[] = [];
  let offset = 0;
  for (let index = 0; ; index += 1) {
    const page = pageText(text, offset, sizes[index % sizes.length] ?? 1);
    if (!page.ok) throw new Error(page.message);
    pages.push(page);
    if (!page.truncated) return pages;
    offset = page.offset + page.text.length;
  }
}

describe('read paging', () => {
  it('[MCP4] pages read from 0, each at the previous end, join to exactly the text', () => {
    fc.assert(
      fc.property(anyText, fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1 }), (text, sizes) => {
        const pages = pageAll(text, sizes);
        expect(pages.map((page) => page.text).join('')).toBe(text);
        for (const page of pages) {
          expect(page.totalChars).toBe(text.length);
          expect(page.truncated).toBe(page.offset + page.text.length < text.length);
          expect(splitsPair(text, page.offset)).toBe(false);
          expect(splitsPair(text, page.offset + page.text.length)).toBe(false);
        }
      }),
    );
  });

  it('[MCP4] a page is at most maxChars long, one longer only to keep a pair whole when maxChars is 1', () => {
    fc.assert(
      fc.property(anyText, fc.nat(), fc.integer({ min: 1, max: 20 }), (text, rawOffset, maxChars) => {
        const page = pageText(text, rawOffset % (text.length + 1), maxChars);
        if (!page.ok) throw new Error(page.message);
        if (page.text.length > maxChars) {
          expect(maxChars).toBe(1);
          expect(page.text).toHaveLength(2);
          expect(Array.from(page.text)).toHaveLength(1);
        }
        if (page.truncated) expect(page.text.length).toBeGreaterThan(0);
      }),
    );
  });

  it('[MCP4] an offset inside a surrogate pair starts the page at the pair, and says so', () => {
    expect(pageText('a😀b', 2, 10)).toEqual({ ok: true, text: '😀b', offset: 1, totalChars: 4, truncated: false });
  });

  it('[MCP4] a page that would end inside a pair ends before it; at maxChars 1 it takes the pair', () => {
    expect(pageText('a😀b', 0, 2)).toEqual({ ok: true, text: 'a', offset: 0, totalChars: 4, truncated: true });
    expect(pageText('😀b', 0, 1)).toEqual({ ok: true, text: '😀', offset: 0, totalChars: 3, truncated: true });
  });

  it('[MCP4] lone surrogates are ordinary code units', () => {
    expect(pageText('\ude00\ud83d', 0, 1)).toMatchObject({ text: '\ude00', truncated: true });
    expect(pageText('\ude00\ud83d', 1, 1)).toMatchObject({ text: '\ud83d', truncated: false });
  });

  it('[MCP4] the end is an empty, untruncated page; past the end is INVALID_INPUT', () => {
    expect(pageText('abc', 3, 5)).toEqual({ ok: true, text: '', offset: 3, totalChars: 3, truncated: false });
    expect(pageText('', 0, 5)).toEqual({ ok: true, text: '', offset: 0, totalChars: 0, truncated: false });
    expect(pageText('abc', 4, 5)).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
  });
});
