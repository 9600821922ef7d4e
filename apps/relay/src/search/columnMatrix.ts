const FIRST_CAPACITY = 1024;

/**
 * SRCH4: float32 vectors stored column-major — column `d` holds dimension `d` of every row, `capacity`
 * rows long — so a query of a few words streams through a few columns instead of every vector.
 * Grows by half again when full (not doubling: at 100k notes the spare rows are what costs memory).
 */
export class ColumnMatrix {
  columns = new Float32Array(0);
  capacity = 0;

  constructor(readonly dimensions: number) {}

  /** Writes a row's vector; the caller guarantees `row < capacity`. */
  setRow(row: number, vector: Float32Array): void {
    for (let dim = 0; dim < this.dimensions; dim += 1) this.columns[dim * this.capacity + row] = vector[dim] as number;
  }

  /** Zeroes a row, so a reused row starts with no text score. */
  clearRow(row: number): void {
    for (let dim = 0; dim < this.dimensions; dim += 1) this.columns[dim * this.capacity + row] = 0;
  }

  /** Makes room for `rows` rows, keeping every stored value. */
  ensureCapacity(rows: number): void {
    if (rows <= this.capacity) return;
    const capacity = Math.max(rows, FIRST_CAPACITY, Math.ceil(this.capacity * 1.5));
    const grown = new Float32Array(capacity * this.dimensions);
    for (let dim = 0; dim < this.dimensions; dim += 1)
      grown.set(this.columns.subarray(dim * this.capacity, (dim + 1) * this.capacity), dim * capacity);
    this.columns = grown;
    this.capacity = capacity;
  }
}
