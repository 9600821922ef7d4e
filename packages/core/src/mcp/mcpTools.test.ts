import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidDocId } from '../documents/documentName';
import { LIMITS } from '../limits/limits';
import type { JsonSchema } from './jsonSchema';
import { DOC_ID_PATTERN, MCP_LIMITS, MCP_TOOLS, toolNamed, toolsFor } from './mcpTools';

const READ_TOOLS = ['search_notes', 'read_note', 'outline_note', 'read_attachment_text', 'list_notes', 'list_drafts'];
const WRITE_TOOLS = [
  'create_note',
  'update_note',
  'append_note',
  'edit_note',
  'save_draft',
  'move_note',
  'delete_note',
];

function objectSchemasIn(schema: JsonSchema): JsonSchema[] {
  const inner = [...Object.values(schema.properties ?? {}), ...(schema.items ? [schema.items] : [])];
  return [...(schema.type === 'object' ? [schema] : []), ...inner.flatMap(objectSchemasIn)];
}

describe('MCP tool definitions', () => {
  it('[MCP1] a read-write caller gets all thirteen tools, by their exact names', () => {
    expect(toolsFor({ readOnly: false }).map((tool) => tool.name)).toEqual([...READ_TOOLS, ...WRITE_TOOLS]);
  });

  it('[MCP1] a read-only caller is offered the read tools only', () => {
    const offered = toolsFor({ readOnly: true });
    expect(offered.map((tool) => tool.name)).toEqual(READ_TOOLS);
    expect(offered.every((tool) => tool.readOnly && tool.annotations.readOnlyHint)).toBe(true);
  });

  it('[MCP1] names are looked up exactly; inherited keys are no tools', () => {
    expect(toolNamed('read_note')?.name).toBe('read_note');
    for (const name of ['READ_NOTE', '__proto__', 'constructor', 'toString', ''])
      expect(toolNamed(name)).toBeUndefined();
  });

  it('[MCP1] descriptions are short and teach search → pick → read', () => {
    for (const tool of MCP_TOOLS) expect(tool.description.length).toBeLessThanOrEqual(200);
    expect(toolNamed('search_notes')?.description).toMatch(/never note text.*read_note/);
  });

  it('[MCP2] every input and output object refuses unknown properties and lists only known required ones', () => {
    for (const tool of MCP_TOOLS) {
      for (const schema of [...objectSchemasIn(tool.inputSchema), ...objectSchemasIn(tool.outputSchema)]) {
        expect(schema.additionalProperties, tool.name).toBe(false);
        for (const name of schema.required ?? []) expect(Object.keys(schema.properties ?? {})).toContain(name);
      }
    }
  });

  it('[MCP2] the schemas carry the bounds of the issue and LIM8', () => {
    const search = toolNamed('search_notes')?.inputSchema.properties;
    expect(search?.query).toMatchObject({ minLength: 1, maxLength: LIMITS.maxSearchQueryLength });
    expect(search?.limit).toMatchObject({ minimum: 1, maximum: 50, default: 10 });
    expect(search?.kind?.enum).toEqual(['note', 'attachment']);
    const read = toolNamed('read_note')?.inputSchema.properties;
    expect(read?.offset).toMatchObject({ type: 'integer', minimum: 0, default: 0 });
    expect(read?.maxChars).toMatchObject({ type: 'integer', minimum: 1, maximum: 100_000, default: 20_000 });
    expect(toolNamed('list_notes')?.inputSchema.properties?.limit).toMatchObject({ default: 50 });
    for (const name of ['create_note', 'update_note', 'append_note']) {
      expect(toolNamed(name)?.inputSchema.properties?.text?.maxLength).toBe(MCP_LIMITS.maxTextChars);
    }
  });

  it('[MCP2] the docId pattern accepts exactly what isValidDocId accepts (DOC2)', () => {
    const pattern = new RegExp(DOC_ID_PATTERN, 'u');
    const idish = fc.string({ unit: fc.constantFrom('a', 'Z', '0', '_', '-', '.', ' ', '😀', '/'), maxLength: 70 });
    fc.assert(
      fc.property(fc.oneof(idish, fc.string()), (candidate) => {
        expect(pattern.test(candidate)).toBe(isValidDocId(candidate));
      }),
    );
  });

  it('[MCP2] every tool definition is plain JSON (what tools/list sends)', () => {
    expect(JSON.parse(JSON.stringify(MCP_TOOLS))).toEqual(MCP_TOOLS);
  });
});
