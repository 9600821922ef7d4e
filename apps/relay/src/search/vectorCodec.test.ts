import { hashedEmbedder } from '@baalda/core';
import { describe, expect, it } from 'vitest';
import { decodeVector, encodeVector } from './vectorCodec';

describe('stored vectors', () => {
  it('[IDX1] a vector is stored as little-endian float32 and reads back bit for bit', () => {
    const vector = hashedEmbedder.embed('refund policy for the lighthouse keepers');
    const bytes = encodeVector(vector);
    expect(bytes.byteLength).toBe(vector.length * 4);
    for (const [index, value] of vector.entries()) expect(bytes.readFloatLE(index * 4)).toBe(value);
    expect(decodeVector(bytes, vector.length)).toEqual(vector);
  });

  it('[IDX1] bytes at an offset that is not a multiple of 4 are read too (pooled Buffers)', () => {
    const vector = hashedEmbedder.embed('alice and bob');
    const shifted = Buffer.alloc(vector.byteLength + 1);
    encodeVector(vector).copy(shifted, 1);
    expect(decodeVector(shifted.subarray(1), vector.length)).toEqual(vector);
  });

  it('[IDX1, EMB1] bytes of another length are no vector of this shape', () => {
    expect(decodeVector(Buffer.alloc(0), 256)).toBeNull();
    expect(decodeVector(Buffer.alloc(128 * 4), 256)).toBeNull();
  });
});
