/**
 * What a row must remember to take its terms out again: the distinct term ids of title and text with the
 * weighted count each has in its posting list (`counts[i]` is `ids[i]`'s), and the title's own ids (in
 * title order, repeats kept) for a rename. The counts let a rewrite touch only the terms whose count
 * changed: finding a row in a posting list reads the list, and a common word's list holds most rows.
 */
export interface RowTerms {
  readonly ids: Int32Array;
  readonly counts: Int32Array;
  readonly titleIds: Int32Array;
}

const NONE = -1;
const FIRST_BYTES = 4096;
// Each varint byte carries 7 bits; an id below 2^31 takes at most 5.
const MAX_VARINT_BYTES = 5;

/**
 * LEX2: every row's {@link RowTerms} packed in one byte arena. A row is stored as varints: the title's
 * ids, then its distinct ids sorted and delta-coded, then the counts that are not 1 — a 200-word note's
 * ~190 ids and counts take ~300 bytes where three Int32Arrays per row took ~2 KB. Read only when
 * a row is rewritten, renamed or removed, so decoding is off the query path. A row rewritten no larger
 * stays where it is; otherwise it moves to the end, and the arena is compacted when it must grow.
 */
export class RowTermStore {
  private bytes = new Uint8Array(FIRST_BYTES);
  /** Per row: where its bytes start, or NONE. */
  private starts = new Int32Array(0);
  private lengths = new Int32Array(0);
  private end = 0;

  /** Stores the row's terms, replacing any it had. */
  set(row: number, terms: RowTerms): void {
    const encoded = encodeRowTerms(terms);
    this.ensureRows(row + 1);
    const start = this.starts[row] as number;
    if (start !== NONE && encoded.length <= (this.lengths[row] as number)) {
      this.bytes.set(encoded, start);
    } else {
      this.clear(row);
      if (this.end + encoded.length > this.bytes.length) this.compact(encoded.length);
      this.bytes.set(encoded, this.end);
      this.starts[row] = this.end;
      this.end += encoded.length;
    }
    this.lengths[row] = encoded.length;
  }

  /** The row's terms, or undefined if it has none stored. */
  get(row: number): RowTerms | undefined {
    const start = this.starts[row] ?? NONE;
    if (start === NONE) return undefined;
    return decodeRowTerms(this.bytes, start);
  }

  /** Forgets the row's terms; their bytes are reclaimed at the next compaction. */
  clear(row: number): void {
    if (row >= this.starts.length) return;
    this.starts[row] = NONE;
    this.lengths[row] = 0;
  }

  /** Bytes of arena allocated (held rows plus spare and not yet reclaimed room). */
  get byteLength(): number {
    return this.bytes.byteLength + this.starts.byteLength + this.lengths.byteLength;
  }

  // Copies the held rows, in row order, into an arena with room for `extra` more bytes and half again.
  private compact(extra: number): void {
    let held = 0;
    for (const length of this.lengths) held += length;
    const bytes = new Uint8Array(Math.max(FIRST_BYTES, Math.ceil((held + extra) * 1.5)));
    let end = 0;
    for (let row = 0; row < this.starts.length; row += 1) {
      const start = this.starts[row] as number;
      if (start === NONE) continue;
      const length = this.lengths[row] as number;
      bytes.set(this.bytes.subarray(start, start + length), end);
      this.starts[row] = end;
      end += length;
    }
    this.bytes = bytes;
    this.end = end;
  }

  private ensureRows(rows: number): void {
    if (rows <= this.starts.length) return;
    const capacity = Math.max(rows, 1024, Math.ceil(this.starts.length * 1.5));
    const starts = new Int32Array(capacity).fill(NONE);
    starts.set(this.starts);
    const lengths = new Int32Array(capacity);
    lengths.set(this.lengths);
    this.starts = starts;
    this.lengths = lengths;
  }
}

/**
 * Varints: the title's id count and ids, then the distinct ids' count, first id and gaps, then the counts
 * that are not 1 (most of a note's words are said once): how many, then for each the gap from the
 * previous one's position among the sorted ids, and the count. Sorted ids have small gaps (a note's
 * common words have small ids), so most take one byte.
 * @example encodeRowTerms({ ids: Int32Array.of(9, 3, 300), counts: Int32Array.of(4, 1, 200), titleIds: Int32Array.of(9) }) // [1, 9, 3, 3, 6, 163, 2, 2, 1, 4, 1, 200, 1]
 */
export function encodeRowTerms(terms: RowTerms): Uint8Array {
  const { titleIds } = terms;
  const order = Array.from(terms.ids.keys()).sort((a, b) => (terms.ids[a] as number) - (terms.ids[b] as number));
  const out = new Uint8Array((titleIds.length + 3 * order.length + 3) * MAX_VARINT_BYTES);
  let at = writeVarint(out, 0, titleIds.length);
  for (const id of titleIds) at = writeVarint(out, at, id);
  at = writeVarint(out, at, order.length);
  let previous = 0;
  for (const position of order) {
    const id = terms.ids[position] as number;
    at = writeVarint(out, at, id - previous);
    previous = id;
  }
  let repeated = 0;
  for (const position of order) if (terms.counts[position] !== 1) repeated += 1;
  at = writeVarint(out, at, repeated);
  let previousSorted = 0;
  for (const [sorted, position] of order.entries()) {
    const count = terms.counts[position] as number;
    if (count === 1) continue;
    at = writeVarint(out, at, sorted - previousSorted);
    at = writeVarint(out, at, count);
    previousSorted = sorted;
  }
  return out.slice(0, at);
}

/** Reads what {@link encodeRowTerms} wrote at `start`; `ids` come back ascending, with their counts. */
export function decodeRowTerms(bytes: Uint8Array, start: number): RowTerms {
  const reader = { at: start };
  const titleIds = new Int32Array(readVarint(bytes, reader));
  for (let index = 0; index < titleIds.length; index += 1) titleIds[index] = readVarint(bytes, reader);
  const ids = new Int32Array(readVarint(bytes, reader));
  let previous = 0;
  for (let index = 0; index < ids.length; index += 1) {
    previous += readVarint(bytes, reader);
    ids[index] = previous;
  }
  const counts = new Int32Array(ids.length).fill(1);
  const repeated = readVarint(bytes, reader);
  let sorted = 0;
  for (let index = 0; index < repeated; index += 1) {
    sorted += readVarint(bytes, reader);
    counts[sorted] = readVarint(bytes, reader);
  }
  return { ids, counts, titleIds };
}

// LEB128: seven bits a byte, low first; the high bit says another byte follows.
function writeVarint(out: Uint8Array, at: number, value: number): number {
  let rest = value;
  let next = at;
  while (rest >= 0x80) {
    out[next++] = (rest & 0x7f) | 0x80;
    rest >>>= 7;
  }
  out[next] = rest;
  return next + 1;
}

function readVarint(bytes: Uint8Array, reader: { at: number }): number {
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[reader.at++] as number;
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return value;
  }
}
