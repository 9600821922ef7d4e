import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fnv1a32, hashedEmbedder } from './hashedEmbedder';
import { tokenize } from './tokenize';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);

describe('the hashed embedder', () => {
  it('[EMB2] tokens are NFKC, lower-cased letters and digits of any script', () => {
    expect(tokenize('Ｒｅｆｕｎｄ POLICY, v2 — 2026!')).toEqual(['refund', 'policy', 'v2', '2026']);
    expect(tokenize('Привет, мир')).toEqual(['привет', 'мир']);
    expect(tokenize('नमस्ते दुनिया')).toEqual(['नमस्ते', 'दुनिया']);
    expect(tokenize('café ﬁle')).toEqual(['café', 'file']);
  });

  it('[EMB2] Chinese and Japanese runs become character bigrams', () => {
    expect(tokenize('退款政策')).toEqual(['退款', '款政', '政策']);
    expect(tokenize('東京で会議')).toEqual(['東京', '京で', 'で会', '会議']);
    expect(tokenize('会')).toEqual(['会']);
  });

  it('[EMB3] FNV-1a 32 matches its published test vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('[EMB5] vectors are unit length, or zero when there is nothing to embed', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200 }), (text) => {
        const vector = hashedEmbedder.embed(text);
        expect(vector).toHaveLength(256);
        const length = Math.sqrt(dot(vector, vector));
        // Two tokens hashed to one slot with opposite signs cancel, so text with tokens may embed to zeros too.
        const unitOrZero = length === 0 || Math.abs(length - 1) < 1e-5;
        expect(tokenize(text).length === 0 ? length === 0 : unitOrZero).toBe(true);
      }),
    );
  });

  it('[EMB5] tokens that share a slot with opposite signs cancel out rather than break the vector', () => {
    // "u" and "x7" both land in slot 16 with opposite signs (EMB3).
    expect([...hashedEmbedder.embed('u X7 ')].every((value) => value === 0)).toBe(true);
    expect(Math.sqrt(dot(hashedEmbedder.embed('u X7 cat'), hashedEmbedder.embed('u X7 cat')))).toBeCloseTo(1, 5);
  });

  it('[EMB4] word order does not matter; shared words make texts closer', () => {
    const a = hashedEmbedder.embed('refunds within thirty days');
    expect(hashedEmbedder.embed('thirty days within refunds')).toEqual(a);
    const near = dot(a, hashedEmbedder.embed('refunds are paid within thirty days'));
    const far = dot(a, hashedEmbedder.embed('the office wifi password changed'));
    expect(near).toBeGreaterThan(0.6);
    expect(far).toBeLessThan(near);
  });

  it('[EMB1] the embedder is deterministic and carries its name', () => {
    expect(hashedEmbedder.name).toBe('hashed-bow-256-v1');
    expect(hashedEmbedder.embed('same text')).toEqual(hashedEmbedder.embed('same text'));
  });
});
