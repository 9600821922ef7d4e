/**
 * SRCH1: a query vector reduced to its nonzero dimensions, in ascending order. A query of a few words
 * touches a few of the 256 dimensions, so a score reads only those: exact (every skipped term is a
 * multiplication by zero) and, at 100k notes, one or two orders of magnitude less memory to read.
 */
export interface SparseQuery {
  readonly dims: Int32Array;
  readonly weights: Float64Array;
}

/**
 * The nonzero dimensions of `query`, ascending: this order is the summation order of every score, so
 * the relay's column-major copy and the browser's row-major one add the same terms in the same order
 * and get bit-identical scores.
 * @example sparseQueryOf(new Float32Array([0, 0.6, 0, 0.8])) // dims [1, 3], weights [0.6…, 0.8…]
 */
export function sparseQueryOf(query: Float32Array): SparseQuery {
  let size = 0;
  for (const value of query) if (value !== 0) size += 1;
  const dims = new Int32Array(size);
  const weights = new Float64Array(size);
  let next = 0;
  for (let dim = 0; dim < query.length; dim += 1) {
    const value = query[dim] as number;
    if (value === 0) continue;
    dims[next] = dim;
    weights[next] = value;
    next += 1;
  }
  return { dims, weights };
}

/** The cosine of a unit query and the unit vector stored at `offset` of a row-major matrix. */
export function dotRowMajor(query: SparseQuery, matrix: Float32Array, offset: number): number {
  const { dims, weights } = query;
  let sum = 0;
  for (let term = 0; term < dims.length; term += 1)
    sum += (weights[term] as number) * (matrix[offset + (dims[term] as number)] as number);
  return sum;
}

/** The cosine of a unit query and row `row` of a column-major matrix (column `d`, `capacity` rows long). */
export function dotColumnMajor(query: SparseQuery, columns: Float32Array, capacity: number, row: number): number {
  const { dims, weights } = query;
  let sum = 0;
  for (let term = 0; term < dims.length; term += 1)
    sum += (weights[term] as number) * (columns[(dims[term] as number) * capacity + row] as number);
  return sum;
}

/**
 * LEX4/SRCH4: the cosine of a unit query and a {@link quantizeRow}'d vector stored row-major (the
 * browser's copy). Sums the int8 values in the query's order and applies the row's scale last, exactly
 * as {@link dotQuantizedColumnMajor} does, so both copies give the same bits.
 */
export function dotQuantizedRowMajor(query: SparseQuery, values: Int8Array, offset: number, scale: number): number {
  const { dims, weights } = query;
  let sum = 0;
  for (let term = 0; term < dims.length; term += 1)
    sum += (weights[term] as number) * (values[offset + (dims[term] as number)] as number);
  return sum * scale;
}

/** LEX4/SRCH4: {@link dotQuantizedRowMajor} over a column-major int8 matrix (the relay's copy). */
export function dotQuantizedColumnMajor(
  query: SparseQuery,
  columns: Int8Array,
  capacity: number,
  row: number,
  scale: number,
): number {
  const { dims, weights } = query;
  let sum = 0;
  for (let term = 0; term < dims.length; term += 1)
    sum += (weights[term] as number) * (columns[(dims[term] as number) * capacity + row] as number);
  return sum * scale;
}
