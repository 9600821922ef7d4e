import { integerQueryFor, newDotStore } from './integerDots';

/**
 * SEMV3: a note's semantic vectors as its index row holds them: the whole note's vector first, then one
 * per section, each quantized to int8 with its own scale (a float32), so 512 dimensions take 516 bytes
 * instead of 2,048 and a dot product stays within 1% of the float one.
 */
export interface QuantizedVectors {
  readonly dimensions: number;
  /** `count × dimensions` int8 components. */
  readonly components: Int8Array;
  /** One scale per vector: component × scale ≈ the float value. */
  readonly scales: Float32Array;
}

const HEADER_BYTES = 4;

/** SEMV3: quantizes vectors (the whole note's first). */
export function quantizeVectors(vectors: readonly Float32Array[], dimensions: number): QuantizedVectors {
  const components = new Int8Array(vectors.length * dimensions);
  const scales = new Float32Array(vectors.length);
  for (const [index, vector] of vectors.entries()) {
    if (vector.length !== dimensions) throw new Error(`expected ${dimensions} dimensions, got ${vector.length}`);
    let largest = 0;
    for (const value of vector) largest = Math.max(largest, Math.abs(value));
    const scale = largest > 0 ? largest / 127 : 1;
    scales[index] = scale;
    const offset = index * dimensions;
    for (let dimension = 0; dimension < dimensions; dimension += 1)
      components[offset + dimension] = Math.round((vector[dimension] as number) / scale);
  }
  return { dimensions, components, scales };
}

/** How many vectors a quantized block holds. */
export function vectorCount(vectors: QuantizedVectors): number {
  return vectors.scales.length;
}

/**
 * SEMV3: the bytes stored in `note_index.semantic`: a little-endian uint16 vector count and uint16
 * dimensions, the float32 scales, then the int8 components.
 */
export function encodeQuantized(vectors: QuantizedVectors): Uint8Array {
  const count = vectorCount(vectors);
  const bytes = new Uint8Array(HEADER_BYTES + count * 4 + vectors.components.length);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, count, true);
  view.setUint16(2, vectors.dimensions, true);
  for (let index = 0; index < count; index += 1)
    view.setFloat32(HEADER_BYTES + index * 4, vectors.scales[index] as number, true);
  bytes.set(
    new Uint8Array(vectors.components.buffer, vectors.components.byteOffset, vectors.components.length),
    HEADER_BYTES + count * 4,
  );
  return bytes;
}

/** Reads {@link encodeQuantized}'s bytes; null when they are not a whole block of `dimensions`. */
export function decodeQuantized(bytes: Uint8Array, dimensions: number): QuantizedVectors | null {
  if (bytes.length < HEADER_BYTES) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint16(0, true);
  if (count === 0 || view.getUint16(2, true) !== dimensions) return null;
  if (bytes.length !== HEADER_BYTES + count * 4 + count * dimensions) return null;
  const scales = new Float32Array(count);
  for (let index = 0; index < count; index += 1) scales[index] = view.getFloat32(HEADER_BYTES + index * 4, true);
  const start = bytes.byteOffset + HEADER_BYTES + count * 4;
  const components = new Int8Array(bytes.buffer.slice(start, start + count * dimensions));
  return { dimensions, components, scales };
}

/**
 * SEMV4: how close a note is to a query in meaning: the mean of the query's cosine with the whole note
 * and its best cosine with one section (the whole note's when it has none). Measured on bench/retrieval:
 * the whole-note cosine alone misses questions about one paragraph of a long note, the best section alone
 * loses the note's topic; their mean beat both. SEMV8: each cosine is an integer dot product times the two
 * scales, so the relay and a browser compute the same number, with or without WebAssembly.
 */
export function semanticSimilarity(query: Float32Array, vectors: QuantizedVectors): number {
  const integer = integerQueryFor(query);
  const count = vectorCount(vectors);
  looseVectors.reserve(vectors.components.length);
  looseVectors.bytes.set(vectors.components, 0);
  const dots = dotScratch(count);
  looseVectors.dots(integer, 0, count, dots);
  return similarityOfDots(dots, count, integer.scale, vectors.scales, 0);
}

/**
 * SEMV4: the similarity from a note's integer dot products (whole note first, then its sections), the
 * query's scale and the vectors' scales (from `scalesAt` in `scales`).
 */
export function similarityOfDots(
  dots: Int32Array,
  count: number,
  queryScale: number,
  scales: Float32Array,
  scalesAt: number,
): number {
  const whole = (dots[0] as number) * queryScale * (scales[scalesAt] as number);
  let bestSection = -Infinity;
  for (let index = 1; index < count; index += 1)
    bestSection = Math.max(bestSection, (dots[index] as number) * queryScale * (scales[scalesAt + index] as number));
  return bestSection === -Infinity ? whole : (whole + bestSection) / 2;
}

// Vectors compared one note at a time are copied here first (an index keeps its own in a VectorArena).
const looseVectors = newDotStore();
let scratch = new Int32Array(16);

/** Room for `count` sums, reused from call to call. */
export function dotScratch(count: number): Int32Array {
  if (scratch.length < count) scratch = new Int32Array(count);
  return scratch;
}
