import { tokenize } from '@baalda/core';

/**
 * SRCH2 at scale: which rows' titles hold each token, so a query counts title matches by reading the
 * few posting lists of its own tokens instead of testing every candidate's title.
 */
export class TitleTokenIndex {
  private readonly rowsByToken = new Map<string, Set<number>>();

  /** Indexes a row's title. */
  add(row: number, title: string): void {
    for (const token of new Set(tokenize(title))) {
      let rows = this.rowsByToken.get(token);
      if (!rows) {
        rows = new Set();
        this.rowsByToken.set(token, rows);
      }
      rows.add(row);
    }
  }

  /** Forgets a row's (old) title. */
  remove(row: number, title: string): void {
    for (const token of new Set(tokenize(title))) {
      const rows = this.rowsByToken.get(token);
      rows?.delete(row);
      if (rows?.size === 0) this.rowsByToken.delete(token);
    }
  }

  /** Per candidate `rows[i]` (all below `rowLimit`), how many distinct query tokens its title holds. */
  hitsFor(queryTokens: readonly string[], rows: Int32Array, count: number, rowLimit: number): Uint8Array {
    const hitsByRow = new Uint8Array(rowLimit);
    for (const token of new Set(queryTokens))
      for (const row of this.rowsByToken.get(token) ?? [])
        if (row < rowLimit) hitsByRow[row] = (hitsByRow[row] as number) + 1;
    const hits = new Uint8Array(count);
    for (let index = 0; index < count; index += 1) hits[index] = hitsByRow[rows[index] as number] as number;
    return hits;
  }
}
