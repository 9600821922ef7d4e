import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits/limits';
import { deriveTitle, headingRepeatsTitle, UNTITLED } from './title';

describe('note titles', () => {
  it('[TTL3] a first heading repeats the title when it says the same words, whatever the case and spacing', () => {
    expect(headingRepeatsTitle(' refund   Policy ', 'Refund policy')).toBe(true);
    expect(headingRepeatsTitle('Cafe\u0301', 'Café')).toBe(true);
    expect(headingRepeatsTitle('Refund policy 2', 'Refund policy')).toBe(false);
    expect(headingRepeatsTitle('  ', '  ')).toBe(false);
  });

  it('[TTL2] a title from text is the first non-blank line with whitespace collapsed', () => {
    expect(deriveTitle('\n   \n  Refund   policy \nBody text')).toBe('Refund policy');
  });

  it('[TTL2] blank text is Untitled', () => {
    expect(deriveTitle('')).toBe(UNTITLED);
    expect(deriveTitle(' \n\t\n')).toBe(UNTITLED);
  });

  it('[TTL2, LIM5] a long first line is cut to the limit with an ellipsis, never inside an emoji', () => {
    const title = deriveTitle('😀'.repeat(LIMITS.maxTitleLength + 10));
    expect(Array.from(title)).toHaveLength(LIMITS.maxTitleLength);
    expect(title.endsWith('…')).toBe(true);
    expect(title.slice(0, -1)).toBe('😀'.repeat(LIMITS.maxTitleLength - 1));
  });

  it('[TTL2] a title from text never contains a line break and never exceeds the limit', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 500 }), (text) => {
        const title = deriveTitle(text);
        expect(title).not.toMatch(/\n/);
        expect(Array.from(title).length).toBeLessThanOrEqual(LIMITS.maxTitleLength);
      }),
    );
  });
});
