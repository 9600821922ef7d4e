/** One scored row. */
export interface RankedRow {
  readonly row: number;
  readonly score: number;
}

/**
 * SRCH1: the best `limit` rows offered, best first, ties to the lower row so results are stable.
 * Keeps a `limit`-long sorted list instead of sorting every candidate: at 100k candidates and a
 * limit of 10, almost every offer is rejected by one comparison.
 */
export class TopList {
  private readonly entries: RankedRow[] = [];

  constructor(private readonly limit: number) {}

  /** Whether {@link offer} would keep this row: lets a caller check costlier conditions only then. */
  accepts(row: number, score: number): boolean {
    if (!(score > 0)) return false;
    const entries = this.entries;
    return entries.length < this.limit || isWorse(entries[entries.length - 1] as RankedRow, row, score);
  }

  /** Offers a row; scores of 0 or less are never kept (SRCH1: nothing that does not match). */
  offer(row: number, score: number): void {
    if (!this.accepts(row, score)) return;
    const entries = this.entries;
    let position = entries.length;
    while (position > 0 && isWorse(entries[position - 1] as RankedRow, row, score)) position -= 1;
    entries.splice(position, 0, { row, score });
    if (entries.length > this.limit) entries.pop();
  }

  /** The kept rows, best first. */
  toArray(): RankedRow[] {
    return [...this.entries];
  }
}

function isWorse(kept: RankedRow, row: number, score: number): boolean {
  return kept.score < score || (kept.score === score && kept.row > row);
}
