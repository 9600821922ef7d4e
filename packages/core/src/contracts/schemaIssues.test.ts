import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codePointString } from './codePointString';
import { describeSchemaError, findSchemaViolation, type SchemaViolation } from './schemaIssues';

const input = z.strictObject({
  name: codePointString({ min: 1, max: 3 }).regex(/^[a-z😀]+$/u),
  count: z.int().min(1).max(5).optional(),
  kind: z.enum(['note', 'attachment']).optional(),
  tags: z.array(z.string().nullable()).max(2).optional(),
});

function violationOf(value: unknown): SchemaViolation | null {
  const parsed = input.safeParse(value);
  return parsed.success ? null : findSchemaViolation(parsed.error, value, 'The arguments');
}

describe('schema violations', () => {
  it('[MCP2] accepts a conforming object', () => {
    expect(violationOf({ name: 'ab', count: 5, kind: 'note', tags: ['x', null] })).toBeNull();
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
    const found = violationOf(value);
    expect(found).toMatchObject({ at, keyword });
    expect(found?.message).toContain(at === '' ? 'The arguments' : at);
  });

  it('[MCP2] a "__proto__" key parsed from JSON is an unknown property, not a prototype', () => {
    expect(violationOf(JSON.parse('{"name":"a","__proto__":{"count":9}}'))).toMatchObject({
      at: '__proto__',
      keyword: 'additionalProperties',
    });
  });

  it('[MCP2] string lengths count code points, as JSON Schema does: an emoji is one character', () => {
    expect(violationOf({ name: '😀😀😀' })).toBeNull();
    expect(violationOf({ name: '😀😀😀😀' })).toMatchObject({ keyword: 'maxLength' });
  });

  it('[MCP2] the message names the property and what was wrong with it, as the tools answer', () => {
    expect(violationOf({ name: 'a', count: 6 })?.message).toBe('count must be at most 5.');
    expect(violationOf({ name: 'a', kind: 'folder' })?.message).toBe('kind must be one of "note", "attachment".');
    expect(violationOf({})?.message).toBe('name is required.');
    expect(violationOf(null)?.message).toBe('The arguments must be an object.');
    expect(violationOf({ name: 'a', count: 1.5 })?.message).toBe('count must be an integer.');
  });

  it('[CT1] a broken answer reads as "<path>: <problem>"', () => {
    const parsed = input.safeParse({ name: 'a', tags: ['x', 3] });
    expect(parsed.success || describeSchemaError(parsed.error)).toBe('tags[1]: must be a string');
  });

  it('[CT1] given the value, a property it lacks reads as required', () => {
    const value = { tags: [] };
    const parsed = input.safeParse(value);
    expect(parsed.success || describeSchemaError(parsed.error, value)).toBe('name: is required');
  });

  it('[CT1] a union that matched no branch names the problem of the branch it came closest to', () => {
    const line = z.union([z.object({ done: z.int(), seconds: z.number() }), z.object({ error: z.string() })]);
    const lines = z.object({ lines: z.array(line) });
    const value = {
      lines: [
        { done: 1, seconds: 2 },
        { done: 'three', seconds: 1 },
      ],
    };
    const parsed = lines.safeParse(value);
    expect(parsed.success || describeSchemaError(parsed.error, value)).toBe('lines[1].done: must be a number');
  });
});
