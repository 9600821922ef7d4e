import { quantizeRow } from '@baalda/core';

const FIRST_CAPACITY = 1024;

/**
 * SRCH4: vectors stored column-major as int8 (core's `quantizeRow`, one float32 scale per row) — column
 * `d` holds dimension `d` of every row, `capacity` rows long — so a query of a few words streams through
 * a few columns instead of every vector. A byte a dimension, not float32's four: at 100k notes that is
 * 25 MiB instead of 100. Grows by half again when full (not doubling: at 100k notes the spare rows are
 * what costs memory).
 */
export class ColumnMatrix {
  columns = new Int8Array(0);
  /** Per row: the scale its int8 values are multiplied by. */
  scales = new Float32Array(0);
  capacity = 0;

  constructor(readonly dimensions: number) {}

  /** Bytes held by the values and their scales. */
  get byteLength(): number {
    return this.columns.byteLength + this.scales.byteLength;
  }

  /** Writes a row's vector; the caller guarantees `row < capacity`. */
  setRow(row: number, vector: Float32Array): void {
    const { values, scale } = quantizeRow(vector);
    for (let dim = 0; dim < this.dimensions; dim += 1) this.columns[dim * this.capacity + row] = values[dim] as number;
    this.scales[row] = scale;
  }

  /** Zeroes a row, so a reused row starts with no text score. */
  clearRow(row: number): void {
    for (let dim = 0; dim < this.dimensions; dim += 1) this.columns[dim * this.capacity + row] = 0;
    this.scales[row] = 0;
  }

  /** Makes room for `rows` rows, keeping every stored value. */
  ensureCapacity(rows: number): void {
    if (rows <= this.capacity) return;
    const capacity = Math.max(rows, FIRST_CAPACITY, Math.ceil(this.capacity * 1.5));
    const grown = new Int8Array(capacity * this.dimensions);
    for (let dim = 0; dim < this.dimensions; dim += 1)
      grown.set(this.columns.subarray(dim * this.capacity, (dim + 1) * this.capacity), dim * capacity);
    const scales = new Float32Array(capacity);
    scales.set(this.scales);
    this.columns = grown;
    this.scales = scales;
    this.capacity = capacity;
  }
}
