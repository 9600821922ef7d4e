import { endianness } from 'node:os';

// IDX1 stores vectors as little-endian float32. On a little-endian host (every machine the relay ships
// for) a Float32Array's memory already has that layout, so bytes are shared instead of written value by
// value; a big-endian host takes the per-value path, which spells the byte order out.
const HOST_IS_LITTLE_ENDIAN = endianness() === 'LE';

/** IDX1: a vector as stored (little-endian float32). Shares the vector's memory on little-endian hosts. */
export function encodeVector(vector: Float32Array): Buffer {
  if (HOST_IS_LITTLE_ENDIAN) return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
  const bytes = Buffer.alloc(vector.byteLength);
  for (const [index, value] of vector.entries()) bytes.writeFloatLE(value, index * 4);
  return bytes;
}

/** IDX1: a stored vector read back, or null when it doesn't hold `dimensions` values. */
export function decodeVector(bytes: Uint8Array, dimensions: number): Float32Array | null {
  if (bytes.byteLength !== dimensions * 4) return null;
  if (!HOST_IS_LITTLE_ENDIAN) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return Float32Array.from({ length: dimensions }, (_, index) => view.getFloat32(index * 4, true));
  }
  // A Float32Array view needs a 4-byte aligned offset; small Buffers come from a shared pool at any
  // offset, so those are copied.
  if (bytes.byteOffset % 4 === 0) return new Float32Array(bytes.buffer, bytes.byteOffset, dimensions);
  return new Float32Array(new Uint8Array(bytes).buffer, 0, dimensions);
}
