import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePointLength, findSchemaViolation, type JsonSchema } from './jsonSchema';

const input: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 3, pattern: '^[a-z😀]+$' },
    count: { type: 'integer', minimum: 1, maximum: 5 },
    kind: { type: 'string', enum: ['note', 'attachment'] },
    tags: { type: 'array', items: { type: ['string', 'null'] }, maxItems: 2 },
  },
  required: ['name'],
  additionalProperties: false,
};

describe('JSON Schema subset', () => {
  it('[MCP2] accepts a conforming object', () => {
    expect(findSchemaViolation(input, { name: 'ab', count: 5, kind: 'note', tags: ['x', null] })).toBeNull();
  });

  it.each([
    [null, '', 'type'],
    [[], '', 'type'],
    ['name', '', 'type'],
    [{}, 'name', 'required'],
    [{ name: 'ab', extra: 1 }, 'extra', 'additionalProperties'],
    [{ name: 'ab', __proto__x: 1 }, '__proto__x', 'additionalProperties'],
    [{ name: '' }, 'name', 'minLength'],
    [{ name: 'abcd' }, 'name', 'maxLength'],
    [{ name: 'AB' }, 'name', 'pattern'],
    [{ name: 'a', count: 0 }, 'count', 'minimum'],
    [{ name: 'a', count: 6 }, 'count', 'maximum'],
    [{ name: 'a', count: 1.5 }, 'count', 'type'],
    [{ name: 'a', count: '2' }, 'count', 'type'],
    [{ name: 'a', kind: 'folder' }, 'kind', 'enum'],
    [{ name: 'a', tags: [1] }, 'tags[0]', 'type'],
    [{ name: 'a', tags: ['a', 'b', 'c'] }, 'tags', 'maxItems'],
  ])('[MCP2] %j breaks the schema at %s (%s)', (value, at, keyword) => {
    const found = findSchemaViolation(input, value);
    expect(found).toMatchObject({ at, keyword });
    expect(found?.message).toContain(at === '' ? 'The arguments' : at);
  });

  it('[MCP2] a "__proto__" key parsed from JSON is an unknown property, not a prototype', () => {
    expect(findSchemaViolation(input, JSON.parse('{"name":"a","__proto__":{"count":9}}'))).toMatchObject({
      at: '__proto__',
      keyword: 'additionalProperties',
    });
  });

  it('[MCP2] string lengths count code points, as JSON Schema does: an emoji is one character', () => {
    expect(findSchemaViolation(input, { name: '😀😀😀' })).toBeNull();
    expect(findSchemaViolation(input, { name: '😀😀😀😀' })).toMatchObject({ keyword: 'maxLength' });
  });

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
