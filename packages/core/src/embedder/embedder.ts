/**
 * EMB1: anything that turns text into a fixed-length vector. The index stores each row's embedder
 * name and never compares vectors from two embedders (IDX rules), so swapping one in is a reindex.
 */
export interface Embedder {
  /** Stable name stored with every row, e.g. "hashed-bow-256-v1". Change it when output changes. */
  readonly name: string;
  readonly dimensions: number;
  /** A unit-length vector (or all zeros for text with no tokens). */
  embed(text: string): Float32Array;
}
