import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidVaultId } from '../documents/documentName';
import { personalVaultId, vaultIdFromName } from './vaultIds';

const anyName = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.stringMatching(/^[ A-Za-z0-9._·-]{0,80}$/),
);

describe('vaultIdFromName', () => {
  it.each([
    ['Product Team · 2027', 'product-team-2027'],
    ['Café Crème', 'cafe-creme'],
    ['  --Ops!!  ', 'ops'],
    ['ＡＢＣ ２０２７', 'abc-2027'],
    ['Ünïcödé', 'unicode'],
    ['a/b\\c..d', 'a-b-c-d'],
    ['default', 'default'],
  ])('[ACC5] %j becomes %j', (name, id) => {
    expect(vaultIdFromName(name)).toBe(id);
  });

  it.each(['日本語', '', '   ', '---', '🌱🌱', 'Σ'])('[ACC5] %j has nothing left and becomes "vault"', (name) => {
    expect(vaultIdFromName(name)).toBe('vault');
  });

  it('[ACC5] cuts at 40 characters, and never leaves a hyphen at the cut', () => {
    expect(vaultIdFromName('A'.repeat(50))).toBe('a'.repeat(40));
    expect(vaultIdFromName(`${'a'.repeat(39)} b`)).toBe('a'.repeat(39));
    // Runs of separators collapse before the cut, so this one still fits.
    expect(vaultIdFromName(`${'a'.repeat(38)}  -- b`)).toBe(`${'a'.repeat(38)}-b`);
  });

  it('[ACC5, DOC3] every name, in any script, gives a valid vault id of at most 40 characters', () => {
    fc.assert(
      fc.property(anyName, (name) => {
        const id = vaultIdFromName(name);
        expect(isValidVaultId(id)).toBe(true);
        expect(id.length).toBeLessThanOrEqual(40);
        expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }),
      { numRuns: 2000 },
    );
  });

  it('[ACC5] an id made from a name is its own id (idempotent)', () => {
    fc.assert(
      fc.property(anyName, (name) => {
        const id = vaultIdFromName(name);
        expect(vaultIdFromName(id)).toBe(id);
      }),
      { numRuns: 2000 },
    );
  });

  it('[ACC5] names differing only in ASCII case or in the punctuation between words give one id', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Za-z0-9]{1,8}$/), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(' ', '-', ' · ', '_', '  /  '),
        (words, separator) => {
          const plain = vaultIdFromName(words.join(' '));
          expect(vaultIdFromName(words.join(separator).toUpperCase())).toBe(plain);
        },
      ),
    );
  });
});

describe('personalVaultId', () => {
  it('[ACL9] a person’s vault id is its name’s slug and 8 random base-36 characters, a valid vault id', () => {
    fc.assert(
      fc.property(fc.string(), fc.uint8Array({ minLength: 8, maxLength: 8 }), (name, random) => {
        const id = personalVaultId(name, random);
        expect(id).toMatch(/^[a-z0-9-]+-[a-z0-9]{8}$/);
        expect(id.startsWith(`${vaultIdFromName(name)}-`)).toBe(true);
        expect(isValidVaultId(id)).toBe(true);
      }),
    );
  });

  it('[ACL9] different random bytes give different ids for one name', () => {
    const first = personalVaultId('Board', new Uint8Array(8).fill(1));
    const second = personalVaultId('Board', new Uint8Array(8).fill(2));
    expect(first).not.toBe(second);
    expect(() => personalVaultId('Board', new Uint8Array(4))).toThrow();
  });
});
