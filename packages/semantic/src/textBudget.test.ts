import { describe, expect, it } from 'vitest';
import { cutText } from './textBudget';

describe('cutText', () => {
  it('[SEM2] a text within the limit is kept whole', () => {
    expect(cutText('refund window is 30 days', 24)).toBe('refund window is 30 days');
  });

  it('[SEM2] a longer text is cut before the word the limit falls in', () => {
    expect(cutText('refund window is 30 days', 15)).toBe('refund window');
  });

  it('[SEM2] a word that ends at the limit is kept', () => {
    expect(cutText('refund window is 30 days', 13)).toBe('refund window');
  });

  it('[SEM2] a text with no whitespace near the limit is cut at the limit', () => {
    expect(cutText('a'.repeat(1000), 100)).toBe('a'.repeat(100));
  });

  it('[SEM2] a cut never splits a surrogate pair', () => {
    expect(cutText('🎉'.repeat(100), 101)).toBe('🎉'.repeat(50));
  });
});
