import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeRowTerms, encodeRowTerms, RowTermStore, type RowTerms } from './rowTermStore';

// Ids as an index hands them out: small for common words, up to millions in a large vault.
const termIds = fc.array(fc.integer({ min: 0, max: 5_000_000 }), { maxLength: 300 });
const rowTerms = fc
  .record({
    terms: fc.uniqueArray(
      fc.tuple(fc.integer({ min: 0, max: 5_000_000 }), fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 70_000 }))),
      {
        maxLength: 300,
        selector: ([id]) => id,
      },
    ),
    titleIds: termIds,
  })
  .map(({ terms, titleIds }) => ({
    ids: Int32Array.from(terms, ([id]) => id),
    counts: Int32Array.from(terms, ([, count]) => count),
    titleIds: Int32Array.from(titleIds.slice(0, 12)),
  }));

// What the store promises to give back: the title's ids as they were, the distinct ids ascending, each
// with its count.
const expected = (terms: RowTerms) => {
  const order = Array.from(terms.ids.keys()).sort((a, b) => (terms.ids[a] as number) - (terms.ids[b] as number));
  return {
    ids: Int32Array.from(order, (position) => terms.ids[position] as number),
    counts: Int32Array.from(order, (position) => terms.counts[position] as number),
    titleIds: terms.titleIds,
  };
};

describe('row terms packed in one arena', () => {
  it('[LEX2] a row’s terms survive their varint bytes: title ids in order with repeats, ids ascending with their counts', () => {
    fc.assert(
      fc.property(rowTerms, (terms) => {
        expect(decodeRowTerms(encodeRowTerms(terms), 0)).toEqual(expected(terms));
      }),
    );
  });

  it('[LEX2] the example encodes as documented', () => {
    const bytes = encodeRowTerms({
      ids: Int32Array.of(9, 3, 300),
      counts: Int32Array.of(4, 1, 200),
      titleIds: Int32Array.of(9),
    });
    expect([...bytes]).toEqual([1, 9, 3, 3, 6, 163, 2, 2, 1, 4, 1, 200, 1]);
  });

  it('[LEX2] rewriting rows larger and smaller, clearing and compacting never changes another row’s terms', () => {
    const operation = fc.oneof(
      fc.record({ row: fc.integer({ min: 0, max: 40 }), terms: rowTerms }),
      fc.record({ row: fc.integer({ min: 0, max: 40 }), terms: fc.constant(undefined) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 120 }), (operations) => {
        const store = new RowTermStore();
        const model = new Map<number, RowTerms>();
        for (const { row, terms } of operations) {
          if (terms) {
            store.set(row, terms);
            model.set(row, terms);
          } else {
            store.clear(row);
            model.delete(row);
          }
        }
        for (let row = 0; row <= 41; row += 1) {
          const held = model.get(row);
          expect(store.get(row)).toEqual(held && expected(held));
        }
      }),
    );
  });

  it('[LEX2] a store rewritten over and over holds about its rows, not every version of them', () => {
    const store = new RowTermStore();
    const terms = {
      ids: Int32Array.from({ length: 200 }, (_, index) => index * 3),
      counts: Int32Array.from({ length: 200 }, (_, index) => 1 + (index % 5)),
      titleIds: Int32Array.of(1),
    };
    for (let round = 0; round < 200; round += 1)
      for (let row = 0; row < 100; row += 1) store.set(row, { ...terms, titleIds: Int32Array.of(round * 1000) });
    const held = encodeRowTerms(terms).length * 100;
    expect(store.byteLength).toBeLessThan(4 * held);
  });
});
