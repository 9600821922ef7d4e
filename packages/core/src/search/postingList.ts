// Term counts saturate here: a note can't hold more repetitions of one word than a Uint16 counts, and
// BM25's term-frequency curve is flat long before.
const MAX_COUNT = 0xffff;

/**
 * The rows holding one term, with the term's weighted count in each: 6 bytes an entry. Unsorted,
 * swap-removed: an edit touches each of its terms once, and scoring reads every entry anyway.
 */
export class PostingList {
  rows = new Int32Array(2);
  counts = new Uint16Array(2);
  size = 0;

  /**
   * Appends the row's entry. The caller guarantees the row isn't listed (the index removes a row's
   * terms before adding them again), so loading 100k notes never scans a list.
   */
  add(row: number, count: number): void {
    if (this.size === this.rows.length) this.grow();
    this.rows[this.size] = row;
    this.counts[this.size] = Math.min(count, MAX_COUNT);
    this.size += 1;
  }

  /** Changes the row's count by `delta` (a rename), adding or removing its entry as needed. */
  adjust(row: number, delta: number): void {
    const at = this.indexOf(row);
    if (at < 0) {
      if (delta > 0) this.add(row, delta);
      return;
    }
    const count = (this.counts[at] as number) + delta;
    if (count <= 0) this.removeAt(at);
    else this.counts[at] = Math.min(count, MAX_COUNT);
  }

  /** Removes the row's entry, if any. */
  remove(row: number): void {
    const at = this.indexOf(row);
    if (at >= 0) this.removeAt(at);
  }

  private removeAt(at: number): void {
    this.size -= 1;
    this.rows[at] = this.rows[this.size] as number;
    this.counts[at] = this.counts[this.size] as number;
  }

  private indexOf(row: number): number {
    for (let index = 0; index < this.size; index += 1) if (this.rows[index] === row) return index;
    return -1;
  }

  // Half again, not double: at 100k notes the spare room is most of what the lists cost.
  private grow(): void {
    const capacity = Math.ceil(this.rows.length * 1.5) + 1;
    const rows = new Int32Array(capacity);
    rows.set(this.rows);
    const counts = new Uint16Array(capacity);
    counts.set(this.counts);
    this.rows = rows;
    this.counts = counts;
  }
}
