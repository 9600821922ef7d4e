import type { QuantizedVectors } from '@baalda/core';

/**
 * SEMV1: the semantic vectors of a search copy's rows, each with the text version it was computed from.
 * A row's vectors are served only while that version is the row's current one: an edit makes them stale
 * at once, and they stay unused until the vectors of the new text arrive.
 */
export class SemanticRows {
  private readonly vectors: Array<QuantizedVectors | undefined> = [];
  private versions = new Float64Array(1024);

  set(row: number, vectors: QuantizedVectors, version: number): void {
    this.ensureCapacity(row + 1);
    this.vectors[row] = vectors;
    this.versions[row] = version;
  }

  clear(row: number): void {
    this.vectors[row] = undefined;
    if (row < this.versions.length) this.versions[row] = 0;
  }

  /** The row's vectors if they were computed from `currentVersion`, else undefined. */
  current(row: number, currentVersion: number): QuantizedVectors | undefined {
    return this.versions[row] === currentVersion ? this.vectors[row] : undefined;
  }

  /** Bytes held by vectors (reported by the benchmark). */
  get bytes(): number {
    let bytes = 0;
    for (const vectors of this.vectors) if (vectors) bytes += vectors.components.byteLength + vectors.scales.byteLength;
    return bytes;
  }

  private ensureCapacity(rows: number): void {
    if (rows <= this.versions.length) return;
    const grown = new Float64Array(Math.max(rows, this.versions.length * 2));
    grown.set(this.versions);
    this.versions = grown;
  }
}
