import { fail, type Result } from '../result';
import { findSchemaViolation } from './jsonSchema';
import type { McpErrorCode } from './mcpErrors';
import type { McpNoteKind } from './mcpStore';
import type { McpToolDefinition, McpToolName } from './mcpTools';

/** Each tool's arguments once checked against its input schema, with the schema's defaults filled in. */
export interface McpToolInputs {
  readonly search_notes: { query: string; limit: number; folder?: string; kind?: McpNoteKind };
  readonly read_note: { docId: string; offset: number; maxChars: number };
  readonly read_attachment_text: { docId: string; offset: number; maxChars: number };
  readonly list_notes: { folder?: string; limit: number; cursor?: string };
  readonly create_note: { path: string; text: string };
  readonly update_note: { docId: string; text: string };
  readonly append_note: { docId: string; text: string };
  readonly move_note: { docId: string; path: string };
  readonly delete_note: { docId: string };
}

/**
 * MCP2: checks a call's raw arguments against the tool's own `inputSchema` and fills in its defaults.
 * Absent arguments are `{}` (MCP lets a client leave them out). An over-long `text` is `TOO_LARGE`; every
 * other mismatch, unknown properties included, is `INVALID_INPUT` naming the property.
 */
export function parseToolInput<Name extends McpToolName>(
  tool: McpToolDefinition & { readonly name: Name },
  rawArguments: unknown,
): Result<{ readonly input: McpToolInputs[Name] }, McpErrorCode> {
  const raw = rawArguments === undefined ? {} : rawArguments;
  const found = findSchemaViolation(tool.inputSchema, raw);
  if (found) {
    const tooLarge = found.at === 'text' && found.keyword === 'maxLength';
    return fail(tooLarge ? 'TOO_LARGE' : 'INVALID_INPUT', `${tool.name}: ${found.message}`);
  }
  const given = raw as Readonly<Record<string, unknown>>;
  const input: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {})) {
    const value = Object.hasOwn(given, name) ? given[name] : property.default;
    if (value !== undefined) input[name] = value;
  }
  // The schema was just checked and is the one these types describe (mcpTools.test.ts keeps them in step).
  return { ok: true, input: input as McpToolInputs[Name] };
}
