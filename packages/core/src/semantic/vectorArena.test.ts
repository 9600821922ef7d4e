import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quantizeVectors, semanticSimilarity } from './semanticVectors';
import { VectorArena } from './vectorArena';

const DIMENSIONS = 64;
const unitVector = fc
  .array(fc.float({ min: -1, max: 1, noNaN: true }), { minLength: DIMENSIONS, maxLength: DIMENSIONS })
  .filter((values) => values.some((value) => Math.abs(value) > 1e-3))
  .map((values) => {
    const norm = Math.hypot(...values);
    return Float32Array.from(values, (value) => value / norm);
  });
const noteVectors = fc
  .array(unitVector, { minLength: 1, maxLength: 9 })
  .map((vectors) => quantizeVectors(vectors, DIMENSIONS));

type Operation = { slot: number; vectors?: ReturnType<typeof quantizeVectors> };

describe('a vector arena', () => {
  it('[SEMV8] after any sets and clears, every slot compares as its own last vectors do, or not at all, alone or many at once', () => {
    const operation = fc.record({
      slot: fc.integer({ min: 0, max: 20 }),
      vectors: fc.option(noteVectors, { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 60 }), unitVector, (operations: Operation[], query) => {
        const arena = new VectorArena(DIMENSIONS);
        const model = new Map<number, ReturnType<typeof quantizeVectors>>();
        for (const { slot, vectors } of operations) {
          if (vectors) {
            arena.set(slot, vectors);
            model.set(slot, vectors);
          } else {
            arena.clear(slot);
            model.delete(slot);
          }
        }
        for (let slot = 0; slot <= 21; slot += 1) {
          const expected = model.get(slot);
          expect(arena.has(slot)).toBe(expected !== undefined);
          expect(arena.similarity(query, slot)).toBe(expected ? semanticSimilarity(query, expected) : undefined);
        }
        const slots = Int32Array.from({ length: 22 }, (_, slot) => 21 - slot);
        const together = new Float64Array(slots.length);
        arena.similarities(query, slots, slots.length, together);
        expect(Array.from(together)).toEqual(Array.from(slots, (slot) => arena.similarity(query, slot) ?? Number.NaN));
        const held = [...model.values()].reduce((sum, vectors) => sum + vectors.scales.length, 0);
        expect(arena.bytes).toBe(held * (DIMENSIONS + 4));
      }),
    );
  });

  it('[SEMV8] vectors of other dimensions are refused', () => {
    const arena = new VectorArena(DIMENSIONS);
    expect(() => arena.set(0, quantizeVectors([new Float32Array(32).fill(0.1)], 32))).toThrow(/64 dimensions/);
  });
});
