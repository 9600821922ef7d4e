import { describe, expect, it } from 'vitest';
import { medianRound } from './medianRound';

describe('[BEN7] the median round of a load bench', () => {
  const p95 = (round: { p95: number }) => round.p95;

  it('picks the whole round whose measure is the median, whatever the order the rounds ran in', () => {
    const rounds = [
      { id: 'a', p95: 85.5 },
      { id: 'b', p95: 56.3 },
      { id: 'c', p95: 60.1 },
    ];
    expect(medianRound(rounds, p95)).toEqual({ id: 'c', p95: 60.1 });
    expect(medianRound([...rounds].reverse(), p95)).toEqual({ id: 'c', p95: 60.1 });
  });

  it('takes the lower middle round of an even count, and the only round of one', () => {
    expect(medianRound([{ p95: 4 }, { p95: 1 }, { p95: 3 }, { p95: 2 }], p95)).toEqual({ p95: 2 });
    expect(medianRound([{ p95: 7 }], p95)).toEqual({ p95: 7 });
  });

  it('refuses no rounds at all', () => {
    expect(() => medianRound([], p95)).toThrow(/at least one round/);
  });
});
