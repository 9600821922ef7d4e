import { INTEGER_DOTS_WASM } from './integerDotsWasm';

/**
 * SEMV8: a query's vector as int16 components and the scale that gives them back, so that its dot product
 * with a note's int8 vector is a sum of integers: exact, and the same in WebAssembly and in JavaScript.
 */
export interface IntegerQuery {
  readonly components: Int16Array;
  readonly scale: number;
}

const INT16_LIMIT = 32_767;
const INT8_LIMIT = 127;
const INT32_LIMIT = 2 ** 31 - 1;

/**
 * SEMV8: quantizes a query. Its largest component maps to the largest int16 for which no sum of
 * `dimensions` products with int8 components can leave int32 (32,767 up to 516 dimensions).
 */
export function integerQueryOf(query: Float32Array): IntegerQuery {
  const limit = Math.min(INT16_LIMIT, Math.floor(INT32_LIMIT / (INT8_LIMIT * Math.max(query.length, 1))));
  let largest = 0;
  for (const value of query) largest = Math.max(largest, Math.abs(value));
  const scale = largest > 0 ? largest / limit : 1;
  const components = new Int16Array(query.length);
  for (let dimension = 0; dimension < query.length; dimension += 1)
    components[dimension] = Math.round((query[dimension] as number) / scale);
  return { components, scale };
}

// A search compares one query with thousands of notes: it is quantized once, on its first comparison.
const integerQueries = new WeakMap<Float32Array, IntegerQuery>();
// ...and asked for once per note compared: the last one is at hand without a lookup.
let lastQuery: Float32Array | undefined;
let lastInteger: IntegerQuery | undefined;

/** {@link integerQueryOf}, computed once per query vector. */
export function integerQueryFor(query: Float32Array): IntegerQuery {
  if (query === lastQuery && lastInteger) return lastInteger;
  let integer = integerQueries.get(query);
  if (!integer) {
    integer = integerQueryOf(query);
    integerQueries.set(query, integer);
  }
  lastQuery = query;
  lastInteger = integer;
  return integer;
}

/**
 * SEMV8: int8 vectors kept where dot products are computed: WebAssembly memory where the runtime has SIMD
 * (Node 20 and every current browser), else a plain array. Vectors are stored from byte 0 of `bytes`.
 */
export interface DotStore {
  /** The stored vectors' bytes; a new view after {@link reserve} grows them. */
  readonly bytes: Int8Array;
  /** Makes room for `size` bytes of vectors, keeping those stored. */
  reserve(size: number): void;
  /** Writes into `out` the integer dot product of `query` with `count` vectors stored from byte `at`. */
  dots(query: IntegerQuery, at: number, count: number, out: Int32Array): void;
}

/** The same sums in plain JavaScript: exact, as every partial sum stays within int32. */
export function integerDotsInJavaScript(
  query: Int16Array,
  bytes: Int8Array,
  at: number,
  count: number,
  out: Int32Array,
): void {
  const dimensions = query.length;
  for (let vector = 0; vector < count; vector += 1) {
    const offset = at + vector * dimensions;
    // Four running sums: the additions don't wait on each other.
    let a = 0;
    let b = 0;
    let c = 0;
    let d = 0;
    let dimension = 0;
    for (; dimension + 3 < dimensions; dimension += 4) {
      a += (query[dimension] as number) * (bytes[offset + dimension] as number);
      b += (query[dimension + 1] as number) * (bytes[offset + dimension + 1] as number);
      c += (query[dimension + 2] as number) * (bytes[offset + dimension + 2] as number);
      d += (query[dimension + 3] as number) * (bytes[offset + dimension + 3] as number);
    }
    for (; dimension < dimensions; dimension += 1)
      a += (query[dimension] as number) * (bytes[offset + dimension] as number);
    out[vector] = a + b + c + d;
  }
}

class JavaScriptDotStore implements DotStore {
  bytes = new Int8Array(0);

  reserve(size: number): void {
    if (size <= this.bytes.length) return;
    const grown = new Int8Array(Math.max(size, Math.ceil(this.bytes.length * 1.5)));
    grown.set(this.bytes);
    this.bytes = grown;
  }

  dots(query: IntegerQuery, at: number, count: number, out: Int32Array): void {
    integerDotsInJavaScript(query.components, this.bytes, at, count, out);
  }
}

const SIMD_WIDTH = 32;
const PAGE_BYTES = 65_536;
/** How many sums one call into WebAssembly returns; more vectors take several calls. */
const SUMS_PER_CALL = 256;
/** The query and the sums come first in the module's memory; vectors start here. */
const MAX_SIMD_DIMENSIONS = 4096;
const VECTORS_AT = MAX_SIMD_DIMENSIONS * 2 + SUMS_PER_CALL * 4;

interface DotsExports {
  readonly memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  readonly dots: (query: number, vectors: number, count: number, dimensions: number, out: number) => void;
}

interface WebAssemblyRuntime {
  validate(bytes: Uint8Array): boolean;
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object) => { readonly exports: unknown };
}

// Core is compiled without the DOM's or Node's types; WebAssembly is read from the global object.
const runtime = (globalThis as { WebAssembly?: WebAssemblyRuntime }).WebAssembly;
const simdModule = runtime?.validate(INTEGER_DOTS_WASM) ? new runtime.Module(INTEGER_DOTS_WASM) : undefined;

/** SEMV8: vectors in one WebAssembly instance's memory, summed 16 components per SIMD step (integerDots.wat). */
class SimdDotStore implements DotStore {
  bytes: Int8Array;
  private sums: Int32Array;
  private loaded: IntegerQuery | undefined;

  constructor(private readonly module: DotsExports) {
    this.bytes = new Int8Array(module.memory.buffer, VECTORS_AT);
    this.sums = new Int32Array(module.memory.buffer);
  }

  reserve(size: number): void {
    const memory = this.module.memory;
    const needed = VECTORS_AT + size;
    if (needed > memory.buffer.byteLength) {
      const target = Math.max(needed, Math.ceil(memory.buffer.byteLength * 1.5));
      memory.grow(Math.ceil((target - memory.buffer.byteLength) / PAGE_BYTES));
    }
    if (this.sums.buffer !== memory.buffer) {
      this.bytes = new Int8Array(memory.buffer, VECTORS_AT);
      this.sums = new Int32Array(memory.buffer);
    }
  }

  dots(query: IntegerQuery, at: number, count: number, out: Int32Array): void {
    const dimensions = query.components.length;
    if (dimensions % SIMD_WIDTH !== 0 || dimensions > MAX_SIMD_DIMENSIONS) {
      integerDotsInJavaScript(query.components, this.bytes, at, count, out);
      return;
    }
    if (this.loaded !== query) {
      new Int16Array(this.module.memory.buffer, 0, dimensions).set(query.components);
      this.loaded = query;
    }
    const sumsAt = MAX_SIMD_DIMENSIONS * 2;
    for (let first = 0; first < count; first += SUMS_PER_CALL) {
      const batch = Math.min(SUMS_PER_CALL, count - first);
      this.module.dots(0, VECTORS_AT + at + first * dimensions, batch, dimensions, sumsAt);
      for (let vector = 0; vector < batch; vector += 1) out[first + vector] = this.sums[sumsAt / 4 + vector] as number;
    }
  }
}

/** SEMV8: a new store for vectors: in WebAssembly memory where SIMD runs, else in a plain array. */
export function newDotStore(): DotStore {
  if (!runtime || !simdModule) return new JavaScriptDotStore();
  return new SimdDotStore(new runtime.Instance(simdModule).exports as DotsExports);
}

/** Whether this runtime sums in WebAssembly SIMD (reported by the benchmarks). */
export const dotsRunInSimd = simdModule !== undefined;
