import { describe, expect, it } from 'vitest';
import { progressLines } from './progressLines';

describe('progressLines', () => {
  it('[XFER9] writes at most one line every 2 s, nothing for the last item or a job done within 2 s', () => {
    let now = 0;
    const lines: string[] = [];
    const say = progressLines(
      (line) => lines.push(line),
      'notes imported',
      () => now,
    );
    say(1, 5);
    now = 1999;
    say(2, 5);
    expect(lines).toEqual([]);
    now = 2000;
    say(3, 5);
    now = 3000;
    say(4, 5);
    now = 9000;
    say(5, 5);
    expect(lines).toEqual(['notes imported: 3 / 5']);
  });
});
