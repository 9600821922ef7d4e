import { describe, expect, it } from 'vitest';
import { MAX_PADDED_PIECES_PER_CALL, planModelCalls } from './embedBatches';
import { MAX_PIECES_PER_TEXT } from './textBudget';

/** Lengths from a small LCG, so a failure names the seed it came from. */
function lengthsFrom(seed: number, count: number): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 48271) % 2147483647;
    return 1 + (state % MAX_PIECES_PER_TEXT);
  });
}

describe('planModelCalls', () => {
  for (const seed of [1, 7, 2024]) {
    it(`[SEM6] every text is in exactly one call and no call pads past the budget (seed ${seed})`, () => {
      const lengths = lengthsFrom(seed, 500);
      const calls = planModelCalls(lengths);
      expect(calls.flat().sort((a, b) => a - b)).toEqual(lengths.map((_, index) => index));
      for (const call of calls) {
        const longest = Math.max(...call.map((index) => lengths[index] ?? 0));
        expect(call.length * longest).toBeLessThanOrEqual(MAX_PADDED_PIECES_PER_CALL);
      }
    });
  }

  it("[SEM6] texts are grouped by length, so short ones are not padded to a long one's length", () => {
    const lengths = Array.from({ length: 80 }, (_, index) => (index % 2 === 0 ? 3 : MAX_PIECES_PER_TEXT));
    const shortOnes = lengths.flatMap((length, index) => (length === 3 ? [index] : []));
    expect(planModelCalls(lengths)[0]).toEqual(shortOnes);
  });

  it('[SEM6] no texts, no calls', () => {
    expect(planModelCalls([])).toEqual([]);
  });
});
