import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dotsRunInSimd, integerDotsInJavaScript, integerQueryOf, newDotStore } from './integerDots';

const int8Vectors = (dimensions: number, count: number) =>
  fc.array(fc.integer({ min: -127, max: 127 }), { minLength: dimensions * count, maxLength: dimensions * count });
const query = (dimensions: number) =>
  fc.array(fc.float({ min: -1, max: 1, noNaN: true }), { minLength: dimensions, maxLength: dimensions });

function sumsInJavaScript(components: Int16Array, vectors: Int8Array, count: number): Int32Array {
  const out = new Int32Array(count);
  integerDotsInJavaScript(components, vectors, 0, count, out);
  return out;
}

describe('integer dot products', () => {
  it('[SEMV8] this runtime sums in WebAssembly SIMD (Node 20 has it; browsers too)', () => {
    expect(dotsRunInSimd).toBe(true);
  });

  it('[SEMV8] the store’s sums equal the plain JavaScript ones exactly, for any dimensions', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(3, 32, 64, 100, 512),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 0, max: 5 }),
        (dimensions, count, offsetVectors) =>
          fc.assert(
            fc.property(query(dimensions), int8Vectors(dimensions, count), (values, components) => {
              const integer = integerQueryOf(Float32Array.from(values));
              const vectors = Int8Array.from(components);
              const store = newDotStore();
              const at = offsetVectors * dimensions;
              store.reserve(at + vectors.length);
              store.bytes.set(vectors, at);
              const out = new Int32Array(count);
              store.dots(integer, at, count, out);
              expect([...out]).toEqual([...sumsInJavaScript(integer.components, vectors, count)]);
            }),
            { numRuns: 10 },
          ),
      ),
      { numRuns: 30 },
    );
  });

  it('[SEMV8] the sums stay exact at the largest components, where int32 could overflow', () => {
    for (const dimensions of [512, 1536, 4096]) {
      const integer = integerQueryOf(new Float32Array(dimensions).fill(-1));
      const vectors = new Int8Array(dimensions).fill(-127);
      const store = newDotStore();
      store.reserve(dimensions);
      store.bytes.set(vectors, 0);
      const out = new Int32Array(1);
      store.dots(integer, 0, 1, out);
      const exact = (integer.components[0] as number) * -127 * dimensions;
      expect(exact).toBeLessThanOrEqual(2 ** 31 - 1);
      expect(out[0]).toBe(exact);
    }
  });

  it('[SEMV8] a quantized query keeps every dot product within 1e-4 of the float one', () => {
    fc.assert(
      fc.property(query(64), int8Vectors(64, 1), (values, components) => {
        const vector = Float32Array.from(values);
        const integer = integerQueryOf(vector);
        const vectors = Int8Array.from(components);
        const exact = vector.reduce((sum, value, index) => sum + value * (vectors[index] as number), 0);
        const sum = sumsInJavaScript(integer.components, vectors, 1)[0] as number;
        expect(Math.abs(sum * integer.scale - exact)).toBeLessThan(1e-4 * 127 * 64);
      }),
    );
  });

  it('[SEMV8] a store grows and keeps what it held', () => {
    const store = newDotStore();
    store.reserve(32);
    store.bytes.set(
      Int8Array.from({ length: 32 }, (_, index) => index),
      0,
    );
    store.reserve(10_000_000);
    expect([...store.bytes.subarray(0, 32)]).toEqual(Array.from({ length: 32 }, (_, index) => index));
    expect(store.bytes.length).toBeGreaterThanOrEqual(10_000_000);
  });
});
