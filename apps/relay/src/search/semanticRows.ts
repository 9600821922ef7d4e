import { type QuantizedVectors, VectorArena } from '@baalda/core';
import { withDefaultWasmTiering } from '../db/wasmTiering';

/**
 * SEMV1, SEMV8: the semantic vectors of a search copy's rows, in one VectorArena where they are compared
 * with a query. The search copy keeps only vectors of a row's current text: it clears a row's vectors when
 * its text changes and accepts only vectors computed from the version it holds.
 */
export class SemanticRows {
  private arena: VectorArena | undefined;

  set(row: number, vectors: QuantizedVectors): void {
    this.arena ??= withDefaultWasmTiering(() => new VectorArena(vectors.dimensions));
    this.arena.set(row, vectors);
  }

  clear(row: number): void {
    this.arena?.clear(row);
  }

  /** SEMV4: the row's similarity to the query, or undefined when it has no vectors. */
  similarity(query: Float32Array, row: number): number | undefined {
    return this.arena?.similarity(query, row);
  }

  /** SEMV4: {@link similarity} of the first `count` of `rows` at once, into `out` (NaN where a row has none). */
  similarities(query: Float32Array, rows: Int32Array, count: number, out: Float64Array): void {
    if (this.arena) this.arena.similarities(query, rows, count, out);
    else out.fill(Number.NaN, 0, count);
  }

  /**
   * Bytes the vectors take, room to grow included (reported by the benchmark: the arena lives in
   * WebAssembly memory, which a heap reading does not count).
   */
  get bytes(): number {
    return this.arena?.reservedBytes ?? 0;
  }
}
