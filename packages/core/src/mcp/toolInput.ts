import type { z } from 'zod';
import { findSchemaViolation } from '../contracts/schemaIssues';
import { fail, type Result } from '../result';
import type { McpErrorCode } from './mcpErrors';
import { MCP_INPUT_SCHEMAS } from './mcpSchemas';
import type { McpToolDefinition, McpToolName } from './mcpTools';

/** Each tool's arguments once checked against its input schema, with the schema's defaults filled in. */
export type McpToolInputs = {
  readonly [Name in McpToolName]: z.output<(typeof MCP_INPUT_SCHEMAS)[Name]>;
};

// Keyed by tool so that indexing with one tool's name gives that tool's parser (a correlated lookup).
const PARSERS: { readonly [Name in McpToolName]: z.ZodType<McpToolInputs[Name]> } = MCP_INPUT_SCHEMAS;

/**
 * MCP2: checks a call's raw arguments against the tool's input schema (the one `inputSchema` publishes)
 * and fills in its defaults. Absent arguments are `{}` (MCP lets a client leave them out). An over-long
 * `text` is `TOO_LARGE`; every other mismatch, unknown properties included, is `INVALID_INPUT` naming the
 * property.
 */
export function parseToolInput<Name extends McpToolName>(
  tool: McpToolDefinition & { readonly name: Name },
  rawArguments: unknown,
): Result<{ readonly input: McpToolInputs[Name] }, McpErrorCode> {
  const raw = rawArguments === undefined ? {} : rawArguments;
  const parsed = PARSERS[tool.name].safeParse(raw);
  if (parsed.success) return { ok: true, input: parsed.data };
  const found = findSchemaViolation(parsed.error, raw, 'The arguments');
  const tooLarge = found.at === 'text' && found.keyword === 'maxLength';
  return fail(tooLarge ? 'TOO_LARGE' : 'INVALID_INPUT', `${tool.name}: ${found.message}`);
}
