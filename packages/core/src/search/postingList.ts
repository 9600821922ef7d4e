// Term counts saturate here: a note can't hold more repetitions of one word than a Uint16 counts, and
// BM25's term-frequency curve is flat long before.
const MAX_COUNT = 0xffff;

// An entry packs its row and its count in one 32-bit word: 4 bytes where a row and a count in two arrays
// took 6, and one typed array per term instead of two (at 100k notes, 19M entries and 100k terms held by
// one note each). Counts from OVERFLOW up live exactly in a side map: a word said 255 times in one note
// is rare, and BM25 must not see it as 255.
const COUNT_BITS = 8;
const OVERFLOW = (1 << COUNT_BITS) - 1;

/**
 * LEX2: the rows an index can hold, as 24 bits of an entry. A search copy that large (16.7M notes) would
 * take tens of GiB, so reaching it is a broken invariant, not a case to handle.
 */
export const MAX_LEXICAL_ROWS = 2 ** (32 - COUNT_BITS);

/**
 * The rows holding one term, with the term's weighted count in each. Unsorted, swap-removed: an edit
 * touches each of its terms once, and scoring reads every entry anyway.
 */
export class PostingList {
  private entries = new Uint32Array(2);
  private overflow: Map<number, number> | undefined;
  size = 0;

  /** The row of entry `index` (`index < size`). */
  rowAt(index: number): number {
    return (this.entries[index] as number) >>> COUNT_BITS;
  }

  /** The weighted count of entry `index` (`index < size`). */
  countAt(index: number): number {
    const count = (this.entries[index] as number) & OVERFLOW;
    return count === OVERFLOW ? (this.overflow?.get(this.rowAt(index)) ?? OVERFLOW) : count;
  }

  /**
   * Appends the row's entry. The caller guarantees the row isn't listed (the index removes a row's
   * terms before adding them again), so loading 100k notes never scans a list.
   */
  add(row: number, count: number): void {
    if (row >= MAX_LEXICAL_ROWS) throw new RangeError(`A lexical index holds at most ${MAX_LEXICAL_ROWS} rows.`);
    if (this.size === this.entries.length) this.grow();
    this.size += 1;
    this.setEntry(this.size - 1, row, count);
  }

  /** Changes the row's count by `delta` (a rename), adding or removing its entry as needed. */
  adjust(row: number, delta: number): void {
    const at = this.indexOf(row);
    if (at < 0) {
      if (delta > 0) this.add(row, delta);
      return;
    }
    const count = this.countAt(at) + delta;
    if (count <= 0) this.removeAt(at);
    else this.setEntry(at, row, count);
  }

  /** Sets the row's count, adding its entry if it has none. */
  setCount(row: number, count: number): void {
    const at = this.indexOf(row);
    if (at < 0) this.add(row, count);
    else this.setEntry(at, row, count);
  }

  /** Removes the row's entry, if any. */
  remove(row: number): void {
    const at = this.indexOf(row);
    if (at >= 0) this.removeAt(at);
  }

  private setEntry(at: number, row: number, count: number): void {
    const exact = Math.min(count, MAX_COUNT);
    if (exact >= OVERFLOW) {
      this.overflow ??= new Map();
      this.overflow.set(row, exact);
    } else this.overflow?.delete(row);
    this.entries[at] = row * (OVERFLOW + 1) + Math.min(exact, OVERFLOW);
  }

  private removeAt(at: number): void {
    this.overflow?.delete(this.rowAt(at));
    this.size -= 1;
    this.entries[at] = this.entries[this.size] as number;
  }

  private indexOf(row: number): number {
    for (let index = 0; index < this.size; index += 1) if (this.rowAt(index) === row) return index;
    return -1;
  }

  // A quarter again, not double: at 100k notes the spare room is most of what the lists cost; the extra
  // copies are paid while loading, not per query.
  private grow(): void {
    const entries = new Uint32Array(Math.ceil(this.entries.length * 1.25) + 1);
    entries.set(this.entries);
    this.entries = entries;
  }
}
