import { type IntegerQuery, integerQueryFor, newDotStore } from './integerDots';
import { dotScratch, type QuantizedVectors, similarityOfDots, vectorCount } from './semanticVectors';

const NONE = -1;

/**
 * SEMV8: the semantic vectors of an index's rows in one block of memory (WebAssembly memory where SIMD
 * runs), so that comparing a query with a note copies nothing and allocates nothing. A row's vectors sit
 * side by side, whole note first; a row whose count of vectors changes moves to a region of that size,
 * and freed regions are reused by size (a note has 1 to 9 vectors, so few sizes ever occur).
 */
export class VectorArena {
  private readonly store = newDotStore();
  /** Per slot: the index of its first vector, or NONE. */
  private starts = new Int32Array(0);
  private counts = new Uint16Array(0);
  /** Per stored vector: its int8 scale. */
  private scales = new Float32Array(0);
  private nextVector = 0;
  private readonly freeStartsByCount = new Map<number, number[]>();
  private vectorsHeld = 0;

  constructor(readonly dimensions: number) {}

  /** Stores a slot's vectors, replacing any it had. */
  set(slot: number, vectors: QuantizedVectors): void {
    if (vectors.dimensions !== this.dimensions)
      throw new Error(`expected ${this.dimensions} dimensions, got ${vectors.dimensions}`);
    const count = vectorCount(vectors);
    this.ensureSlots(slot + 1);
    if (this.counts[slot] !== count) {
      this.clear(slot);
      this.starts[slot] = this.allocate(count);
      this.counts[slot] = count;
      this.vectorsHeld += count;
    }
    const start = this.starts[slot] as number;
    this.store.bytes.set(vectors.components, start * this.dimensions);
    this.scales.set(vectors.scales, start);
  }

  /** Forgets a slot's vectors; their region is reused. */
  clear(slot: number): void {
    const start = this.starts[slot] ?? NONE;
    if (start === NONE) return;
    const count = this.counts[slot] as number;
    const free = this.freeStartsByCount.get(count) ?? [];
    free.push(start);
    this.freeStartsByCount.set(count, free);
    this.starts[slot] = NONE;
    this.counts[slot] = 0;
    this.vectorsHeld -= count;
  }

  has(slot: number): boolean {
    return (this.starts[slot] ?? NONE) !== NONE;
  }

  /** SEMV4: the slot's similarity to the query, or undefined when it holds no vectors. */
  similarity(query: Float32Array, slot: number): number | undefined {
    const similarity = this.similarityOfSlot(integerQueryFor(query), slot);
    return Number.isNaN(similarity) ? undefined : similarity;
  }

  /**
   * SEMV4: {@link similarity} of each of the first `count` of `slots`, into `out` (NaN where a slot holds no
   * vectors): the query is looked up once for them all.
   */
  similarities(query: Float32Array, slots: Int32Array, count: number, out: Float64Array): void {
    const integer = integerQueryFor(query);
    for (let index = 0; index < count; index += 1) out[index] = this.similarityOfSlot(integer, slots[index] as number);
  }

  /** SEMV4: the slot's similarity to an integer query, NaN when it holds no vectors. */
  private similarityOfSlot(integer: IntegerQuery, slot: number): number {
    const start = this.starts[slot] ?? NONE;
    if (start === NONE) return Number.NaN;
    const count = this.counts[slot] as number;
    const dots = dotScratch(count);
    this.store.dots(integer, start * this.dimensions, count, dots);
    return similarityOfDots(dots, count, integer.scale, this.scales, start);
  }

  /** Bytes of the vectors held (components and scales), for the benchmarks. */
  get bytes(): number {
    return this.vectorsHeld * (this.dimensions + 4);
  }

  /** Bytes the arena has reserved, room to grow and freed regions included, for the benchmarks. */
  get reservedBytes(): number {
    return this.store.bytes.byteLength + this.scales.byteLength + this.starts.byteLength + this.counts.byteLength;
  }

  private allocate(count: number): number {
    const reused = this.freeStartsByCount.get(count)?.pop();
    if (reused !== undefined) return reused;
    const start = this.nextVector;
    this.nextVector += count;
    this.store.reserve(this.nextVector * this.dimensions);
    if (this.nextVector > this.scales.length) {
      const grown = new Float32Array(Math.max(this.nextVector, Math.ceil(this.scales.length * 1.5), 64));
      grown.set(this.scales);
      this.scales = grown;
    }
    return start;
  }

  private ensureSlots(slots: number): void {
    if (slots <= this.starts.length) return;
    const size = Math.max(slots, Math.ceil(this.starts.length * 1.5), 64);
    const starts = new Int32Array(size).fill(NONE);
    starts.set(this.starts);
    const counts = new Uint16Array(size);
    counts.set(this.counts);
    this.starts = starts;
    this.counts = counts;
  }
}
