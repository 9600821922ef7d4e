import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePointLength } from './jsonSchema';

describe('JSON Schema string lengths', () => {
  it('[MCP2] codePointLength agrees with Array.from on any string, lone surrogates included', () => {
    const unit = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('\ud800', '\udc00', '😀', 'é'));
    fc.assert(
      fc.property(fc.array(unit), (parts) => {
        const text = parts.join('');
        expect(codePointLength(text)).toBe(Array.from(text).length);
      }),
    );
  });
});
