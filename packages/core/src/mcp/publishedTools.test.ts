import { describe, expect, it } from 'vitest';
import { MCP_TOOLS } from './mcpTools';
import publishedBeforeZod from './publishedTools.fixture.json' with { type: 'json' };

describe('published tool schemas', () => {
  // The fixture is what tools/list published while the schemas were written by hand. JSON Schema's
  // `required` is a set, so its order is not compared; every other keyword must be exactly as it was.
  it('[MCP2] the schemas generated from zod are exactly as strict as the hand-written ones were', () => {
    expect(withRequiredSorted(MCP_TOOLS)).toEqual(withRequiredSorted(publishedBeforeZod));
  });

  it('[MCP2] the generated schemas name no draft and no keyword outside the published subset', () => {
    const text = JSON.stringify(MCP_TOOLS);
    for (const keyword of ['$schema', 'anyOf', 'oneOf', 'allOf', '$ref', 'exclusiveMinimum', 'const']) {
      expect(text).not.toContain(`"${keyword}"`);
    }
  });
});

function withRequiredSorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withRequiredSorted);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) =>
      key === 'required' && Array.isArray(inner) ? [key, [...inner].sort()] : [key, withRequiredSorted(inner)],
    ),
  );
}
