import type { Embedder } from './embedder';
import { tokenize } from './tokenize';

const DIMENSIONS = 256;

/**
 * EMB3: FNV-1a (32-bit) over the token's UTF-8 bytes. Fixed forever for "hashed-bow-256-v1": the
 * low 8 bits pick the dimension, bit 8 the sign, so colliding tokens cancel out on average instead of
 * piling up.
 */
export function fnv1a32(token: string): number {
  let hash = 0x811c9dc5;
  for (const character of token) {
    const code = character.codePointAt(0) ?? 0;
    if (code < 0x80) hash = fnvStep(hash, code);
    else if (code < 0x800) hash = fnvStep(fnvStep(hash, 0xc0 | (code >> 6)), 0x80 | (code & 63));
    else if (code < 0x10000)
      hash = fnvStep(fnvStep(fnvStep(hash, 0xe0 | (code >> 12)), 0x80 | ((code >> 6) & 63)), 0x80 | (code & 63));
    else
      hash = fnvStep(
        fnvStep(fnvStep(fnvStep(hash, 0xf0 | (code >> 18)), 0x80 | ((code >> 12) & 63)), 0x80 | ((code >> 6) & 63)),
        0x80 | (code & 63),
      );
  }
  return hash;
}

// One FNV-1a step over one UTF-8 byte, written out rather than through a generator of bytes: a
// generator per token cost more than hashing it.
function fnvStep(hash: number, byte: number): number {
  return Math.imul(hash ^ byte, 0x01000193) >>> 0;
}

/**
 * EMB4: a term counts √tf. Sub-linear, so a word repeated ten times doesn't drown the rest of a note;
 * no idf, so a note's vector depends on its own text only and is rewritten only when the note changes.
 * √ is exactly rounded in IEEE 754 (unlike log), which keeps vectors bit-identical in every engine.
 * EMB5: the vector is L2-normalized, so a dot product is the cosine.
 */
function embedHashed(text: string): Float32Array {
  const counts = new Map<string, number>();
  for (const token of tokenize(text)) counts.set(token, (counts.get(token) ?? 0) + 1);
  const sums = new Float64Array(DIMENSIONS);
  // Sorted so the floating-point sum is the same whatever order the tokens appeared in.
  for (const token of [...counts.keys()].sort()) {
    const hash = fnv1a32(token);
    const sign = (hash >>> 8) & 1 ? -1 : 1;
    const slot = hash & (DIMENSIONS - 1);
    sums[slot] = (sums[slot] ?? 0) + sign * Math.sqrt(counts.get(token) ?? 0);
  }
  return normalize(sums);
}

function normalize(sums: Float64Array): Float32Array {
  let squares = 0;
  for (const value of sums) squares += value * value;
  const vector = new Float32Array(DIMENSIONS);
  if (squares === 0) return vector;
  const length = Math.sqrt(squares);
  for (let index = 0; index < DIMENSIONS; index += 1) vector[index] = (sums[index] ?? 0) / length;
  return vector;
}

/**
 * The default embedder (EMB1–EMB5): 256-dimension hashed bag of words.
 * @example hashedEmbedder.embed('refund policy').length // 256
 */
export const hashedEmbedder: Embedder = {
  name: 'hashed-bow-256-v1',
  dimensions: DIMENSIONS,
  embed: embedHashed,
};
