import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits/limits';
import { indexedTextOf } from './indexedText';

describe('the text search reads of a note', () => {
  it('[LIM18] is cut at the limit, the same for relay and browser, never inside a surrogate pair', () => {
    const limit = LIMITS.maxIndexedNoteChars;
    expect(indexedTextOf('short')).toBe('short');
    expect(indexedTextOf('a'.repeat(limit + 5))).toHaveLength(limit);
    const pairAtCut = `${'a'.repeat(limit - 1)}😀b`;
    expect(indexedTextOf(pairAtCut)).toBe('a'.repeat(limit - 1));
  });
});
