import { describe, expect, it } from 'vitest';
import { embedWidthOf, MIN_EMBED_WIDTH, sizeOfWidth } from './embedSize';
import { namePastedFile } from './filePaste';

describe('embeds', () => {
  it('[EMBED3] `|300` and `|300x200` are widths; other text after `|` is not', () => {
    expect(embedWidthOf('300')).toBe(300);
    expect(embedWidthOf(' 640x480 ')).toBe(640);
    expect(embedWidthOf('a diagram')).toBeNull();
    expect(embedWidthOf('0')).toBeNull();
    expect(embedWidthOf('123456')).toBeNull();
    expect(embedWidthOf(null)).toBeNull();
  });

  it('[EMBED3] a dragged width is kept in whole pixels, never under the smallest', () => {
    expect(sizeOfWidth(301.6)).toBe('302');
    expect(sizeOfWidth(3)).toBe(String(MIN_EMBED_WIDTH));
  });

  it('[EMBED1] a pasted clipboard image gets Obsidian’s dated name; other files keep theirs', () => {
    const now = new Date(Date.UTC(2026, 11, 3, 7, 15, 30));
    const pasted = namePastedFile(new File(['x'], 'image.PNG', { type: 'image/png' }), now);
    expect(pasted.name).toBe('Pasted image 20261203071530.png');
    expect(pasted.type).toBe('image/png');
    const named = new File(['x'], 'Budget chart.png', { type: 'image/png' });
    expect(namePastedFile(named, now)).toBe(named);
  });
});
