import { describe, expect, it } from 'vitest';
import { joinPlacedText } from './pdfText';

const at = (str: string, x: number, y: number, width: number, hasEOL = false) => ({
  str,
  hasEOL,
  transform: [12, 0, 0, 12, x, y],
  width,
  height: 12,
});

describe('placing PDF text items', () => {
  it('[ATT4] items join with a space across a gap, with nothing when they touch, and break where text moves down', () => {
    const items = [
      at('Alice', 72, 700, 30),
      at('wrote', 110, 700, 30),
      at('it.', 140, 700, 12),
      at('Bob', 72, 684, 20),
    ];
    expect(joinPlacedText(items)).toBe('Alice wroteit.\nBob');
  });

  it('[ATT4] an item that ends its line (hasEOL) breaks the line wherever the next one is', () => {
    expect(joinPlacedText([at('Carol', 72, 700, 30, true), at('next', 110, 700, 20)])).toBe('Carol\nnext');
  });
});
