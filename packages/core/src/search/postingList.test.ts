import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LEXICAL_ROWS, PostingList } from './postingList';

function entriesOf(list: PostingList): Map<number, number> {
  const entries = new Map<number, number>();
  for (let index = 0; index < list.size; index += 1) entries.set(list.rowAt(index), list.countAt(index));
  return entries;
}

describe('posting list entries packed as row and count', () => {
  it('[LEX2] counts of 255 and more are kept exactly, up to the 65535 cap, and leave with their row', () => {
    const list = new PostingList();
    list.add(7, 254);
    list.add(MAX_LEXICAL_ROWS - 1, 255);
    list.add(3, 70_000);
    expect(entriesOf(list)).toEqual(
      new Map([
        [7, 254],
        [MAX_LEXICAL_ROWS - 1, 255],
        [3, 0xffff],
      ]),
    );
    list.adjust(7, 3);
    list.adjust(MAX_LEXICAL_ROWS - 1, -3);
    list.remove(3);
    list.add(3, 2);
    expect(entriesOf(list)).toEqual(
      new Map([
        [7, 257],
        [MAX_LEXICAL_ROWS - 1, 252],
        [3, 2],
      ]),
    );
  });

  it('[LEX2] adds, renames, rewritten counts and removals leave exactly the rows a model holds, with their counts', () => {
    const operation = fc.record({
      row: fc.integer({ min: 0, max: 30 }),
      delta: fc.integer({ min: -400, max: 400 }),
      kind: fc.constantFrom('add', 'adjust', 'setCount', 'remove'),
    });
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 200 }), (operations) => {
        const list = new PostingList();
        const model = new Map<number, number>();
        for (const { row, delta, kind } of operations) {
          if (kind === 'add' && !model.has(row) && delta > 0) {
            list.add(row, delta);
            model.set(row, delta);
          } else if (kind === 'adjust') {
            list.adjust(row, delta);
            const count = (model.get(row) ?? 0) + delta;
            if (count > 0 && (model.has(row) || delta > 0)) model.set(row, count);
            else model.delete(row);
          } else if (kind === 'setCount' && delta > 0) {
            list.setCount(row, delta);
            model.set(row, delta);
          } else if (kind === 'remove') {
            list.remove(row);
            model.delete(row);
          }
        }
        expect(entriesOf(list)).toEqual(model);
      }),
    );
  });

  it('[LEX2] a row past what an entry can hold is refused, not silently mixed up with another', () => {
    expect(() => new PostingList().add(MAX_LEXICAL_ROWS, 1)).toThrow(RangeError);
  });
});
