import { describe, expect, it } from 'vitest';
import { batchedRead, KEYS_PER_STATEMENT } from './batchedRead';

/** A readMany that records every statement it was asked to run. */
function recordingReader(rows: Map<string, number>) {
  const statements: string[][] = [];
  const read = batchedRead<number>(async (keys) => {
    statements.push([...keys]);
    return new Map([...rows].filter(([key]) => keys.includes(key)));
  });
  return { read, statements };
}

describe('batched reads (DB6)', () => {
  it('[DB6] reads asked for at one moment share one statement, each key once, each answer its own', async () => {
    const { read, statements } = recordingReader(
      new Map([
        ['a', 1],
        ['b', 2],
      ]),
    );
    const answers = await Promise.all([read('a'), read('b'), read('a'), read('missing')]);
    expect(answers).toEqual([1, 2, 1, null]);
    expect(statements).toEqual([['a', 'b', 'missing']]);
  });

  it('[DB6] nothing is cached: a read after a change sees the change', async () => {
    const rows = new Map([['a', 1]]);
    const { read, statements } = recordingReader(rows);
    expect(await read('a')).toBe(1);
    rows.set('a', 2);
    expect(await read('a')).toBe(2);
    expect(statements).toHaveLength(2);
  });

  it(`[DB6] at most ${KEYS_PER_STATEMENT} keys go into one statement`, async () => {
    const { read, statements } = recordingReader(new Map());
    const keys = Array.from({ length: KEYS_PER_STATEMENT + 1 }, (_, index) => `k${index}`);
    await Promise.all(keys.map(read));
    expect(statements.map((statement) => statement.length)).toEqual([KEYS_PER_STATEMENT, 1]);
  });

  it('[DB6] a failed statement fails every read it carried, and the next reads run anew', async () => {
    let fail = true;
    const read = batchedRead<number>(async (keys) => {
      if (fail) throw new Error('connection lost');
      return new Map(keys.map((key) => [key, 7]));
    });
    await expect(Promise.all([read('a'), read('b')])).rejects.toThrow('connection lost');
    const second = read('b').catch((error: Error) => error.message);
    expect(await read('a').catch((error: Error) => error.message)).toBe('connection lost');
    expect(await second).toBe('connection lost');
    fail = false;
    expect(await Promise.all([read('a'), read('b')])).toEqual([7, 7]);
  });
});
