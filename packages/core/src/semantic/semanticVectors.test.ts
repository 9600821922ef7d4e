import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SECTIONS, semanticSectionsOf } from './semanticSections';
import { decodeQuantized, encodeQuantized, quantizeVectors, semanticSimilarity } from './semanticVectors';

const unitVector = (dimensions: number) =>
  fc
    .array(fc.float({ min: -1, max: 1, noNaN: true }), { minLength: dimensions, maxLength: dimensions })
    .filter((values) => values.some((value) => Math.abs(value) > 1e-3))
    .map((values) => {
      const norm = Math.hypot(...values);
      return Float32Array.from(values, (value) => value / norm);
    });

const dot = (a: Float32Array, b: Float32Array) =>
  a.reduce((sum, value, index) => sum + value * (b[index] as number), 0);

describe('semantic vectors in an index row', () => {
  it('[SEMV3] int8 quantization keeps every dot product within 0.02 of the float one, and survives its bytes', () => {
    fc.assert(
      fc.property(unitVector(64), unitVector(64), (note, query) => {
        const quantized = quantizeVectors([note], 64);
        const decoded = decodeQuantized(encodeQuantized(quantized), 64);
        expect(decoded).toEqual(quantized);
        expect(Math.abs(semanticSimilarity(query, quantized) - dot(query, note))).toBeLessThan(0.02);
      }),
    );
  });

  it('[SEMV3] bytes that are not a whole block of the expected dimensions decode to null', () => {
    const bytes = encodeQuantized(quantizeVectors([new Float32Array(8).fill(0.5)], 8));
    expect(decodeQuantized(bytes, 16)).toBeNull();
    expect(decodeQuantized(bytes.subarray(0, bytes.length - 1), 8)).toBeNull();
    expect(decodeQuantized(new Uint8Array(2), 8)).toBeNull();
  });

  it('[SEMV4] similarity is the mean of the whole note’s cosine and its best section’s', () => {
    const whole = Float32Array.from([1, 0, 0]);
    const sections = [Float32Array.from([0, 1, 0]), Float32Array.from([0, 0, 1])];
    const query = Float32Array.from([0, 0, 1]);
    expect(semanticSimilarity(query, quantizeVectors([whole, ...sections], 3))).toBeCloseTo(0.5, 2);
    expect(semanticSimilarity(query, quantizeVectors([whole], 3))).toBeCloseTo(0, 5);
  });
});

describe('sections of a note', () => {
  const paragraph = (word: string) => `${word} `.repeat(60).trim();

  it('[SEMV2] a short note has no sections; short paragraphs join the next one', () => {
    expect(semanticSectionsOf('One line.\n\nAnother line.').sections).toEqual([]);
    const { sections } = semanticSectionsOf(`# Heading\n\n${paragraph('alpha')}\n\n${paragraph('beta')}`);
    expect(sections).toEqual([`# Heading\n\n${paragraph('alpha')}`, paragraph('beta')]);
  });

  it('[SEMV2] a long note has at most MAX_SECTIONS sections, in order, holding every paragraph', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 60 }), (lengths) => {
        const paragraphs = lengths.map((length, index) => `p${index} ${'x'.repeat(length * 10)}`);
        const { sections } = semanticSectionsOf(paragraphs.join('\n\n'));
        expect(sections.length).toBeLessThanOrEqual(MAX_SECTIONS);
        if (sections.length > 0) expect(sections.join('\n\n')).toBe(paragraphs.join('\n\n'));
      }),
    );
  });
});
