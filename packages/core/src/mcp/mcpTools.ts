import { z } from 'zod';
import type { JsonSchema } from './jsonSchema';
import { MCP_LIMITS } from './mcpLimits';
import { DOC_ID_PATTERN, MCP_INPUT_SCHEMAS, MCP_OUTPUT_SCHEMAS } from './mcpSchemas';

export { DOC_ID_PATTERN, MCP_LIMITS };

/** The names of the tools, exactly as MCP1 gives them. */
export type McpToolName =
  | 'search_notes'
  | 'read_note'
  | 'outline_note'
  | 'read_attachment_text'
  | 'list_notes'
  | 'list_drafts'
  | 'create_note'
  | 'update_note'
  | 'append_note'
  | 'edit_note'
  | 'save_draft'
  | 'move_note'
  | 'delete_note';

/** An object schema: what MCP requires of `inputSchema` and `outputSchema`. */
export type JsonObjectSchema = JsonSchema & { readonly type: 'object' };

/**
 * One tool as `tools/list` describes it, plus `readOnly` (whether a read-only caller gets it; the relay
 * does not send that field). `annotations` are MCP's hints for clients.
 */
export interface McpToolDefinition {
  readonly name: McpToolName;
  readonly description: string;
  readonly inputSchema: JsonObjectSchema;
  readonly outputSchema: JsonObjectSchema;
  readonly readOnly: boolean;
  readonly annotations: {
    readonly readOnlyHint: boolean;
    readonly destructiveHint: boolean;
    readonly idempotentHint: boolean;
    readonly openWorldHint: false;
  };
}

/**
 * The JSON Schema `tools/list` publishes for a zod schema. Input schemas describe what a client may send
 * (a property with a default is optional); output schemas what the relay answers.
 */
function publishedSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObjectSchema {
  const { $schema: _, ...published } = z.toJSONSchema(schema, { io, override: dropSafeIntegerBounds });
  // zod leaves out an empty `required`; the tools always listed one, and some clients expect it.
  // The generated schema stays within the subset JsonSchema describes: publishedTools.test.ts pins it.
  return { required: [], ...published } as unknown as JsonObjectSchema;
}

/**
 * zod's `z.int()` publishes ±2^53−1 as bounds; the tools never did, and no JSON number a client sends
 * that is an integer beyond them names a real offset or limit anyway.
 */
function dropSafeIntegerBounds(context: { readonly jsonSchema: Record<string, unknown> }): void {
  const { jsonSchema } = context;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
}

function schemasOf(name: McpToolName): Pick<McpToolDefinition, 'name' | 'inputSchema' | 'outputSchema'> {
  return {
    name,
    inputSchema: publishedSchema(MCP_INPUT_SCHEMAS[name], 'input'),
    outputSchema: publishedSchema(MCP_OUTPUT_SCHEMAS[name], 'output'),
  };
}

function accessOf(annotations: McpToolDefinition['annotations']): Pick<McpToolDefinition, 'readOnly' | 'annotations'> {
  return { readOnly: annotations.readOnlyHint, annotations };
}

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;
const REWRITE = { ...WRITE, destructiveHint: true, idempotentHint: true } as const;

/** Every tool, read tools first (MCP1). Descriptions teach the pattern: search, pick a pointer, read it. */
export const MCP_TOOLS: readonly McpToolDefinition[] = [
  {
    ...schemasOf('search_notes'),
    description:
      'Find notes by words. Returns pointers (docId, title, path, score), never note text: pick the best hit, then read it with read_note (read_attachment_text for kind "attachment").',
    ...accessOf(READ),
  },
  {
    ...schemasOf('read_note'),
    description:
      'Read a note\'s Markdown by docId (from search_notes or list_notes), in pages: when "truncated", call again with the next offset. "section" (a heading from outline_note) reads just that part.',
    ...accessOf(READ),
  },
  {
    ...schemasOf('outline_note'),
    description:
      "List a note's headings with each section's offset and length, to read a long note by part (read_note with section).",
    ...accessOf(READ),
  },
  {
    ...schemasOf('read_attachment_text'),
    description:
      'Read the text extracted from an attachment by docId (search_notes with kind "attachment" finds them). Paged like read_note.',
    ...accessOf(READ),
  },
  {
    ...schemasOf('list_notes'),
    description:
      'Browse notes in a folder (the whole vault without one) as pointers without text; pass nextCursor back for more. To find something, search_notes is faster.',
    ...accessOf(READ),
  },
  {
    ...schemasOf('list_drafts'),
    description:
      'Your saved drafts (save_draft), newest first, as pointers. Look here before saying a draft was never written.',
    ...accessOf(READ),
  },
  {
    ...schemasOf('create_note'),
    description:
      'Create a note at a new path ending in ".md". An occupied path fails with PATH_EXISTS; nothing is overwritten.',
    ...accessOf(WRITE),
  },
  {
    ...schemasOf('update_note'),
    description:
      "Replace a note's whole Markdown (read it first; edit_note is smaller for a few changes). Only changed parts are applied, so people editing it meanwhile keep their edits.",
    ...accessOf(REWRITE),
  },
  {
    ...schemasOf('append_note'),
    description: 'Add Markdown to the end of a note.',
    ...accessOf(WRITE),
  },
  {
    ...schemasOf('edit_note'),
    description:
      'Change parts of a note: each edit replaces oldText (copied from read_note; it must occur once) with newText. All apply or none. ifRevision (from read_note) fails it if the note changed.',
    ...accessOf(WRITE),
  },
  {
    ...schemasOf('save_draft'),
    description:
      'Keep a working draft (a letter, a report) as a note in the drafts folder. Save again with the draftId it answers to revise it in place; earlier text is kept as history.',
    ...accessOf(WRITE),
  },
  {
    ...schemasOf('move_note'),
    description: 'Move or rename a note to a new path ending in ".md". A taken path fails with PATH_EXISTS.',
    ...accessOf({ ...WRITE, idempotentHint: true }),
  },
  {
    ...schemasOf('delete_note'),
    description: 'Move a note to the trash; people can restore it from there.',
    ...accessOf({ ...WRITE, destructiveHint: true, idempotentHint: true }),
  },
];

const TOOLS_BY_NAME = new Map<string, McpToolDefinition>(MCP_TOOLS.map((tool) => [tool.name, tool]));

/**
 * MCP1: the tools a caller is offered. A read-only caller (read-only token, or a viewer) gets the read
 * tools only; the write tools are absent, not merely refused.
 * @example toolsFor({ readOnly: true }).map((tool) => tool.name) // ['search_notes', 'read_note', …]
 */
export function toolsFor(caller: { readonly readOnly: boolean }): McpToolDefinition[] {
  return MCP_TOOLS.filter((tool) => tool.readOnly || !caller.readOnly);
}

/** The tool with this name, or undefined (names are matched exactly; `__proto__` is no tool). */
export function toolNamed(name: string): McpToolDefinition | undefined {
  return TOOLS_BY_NAME.get(name);
}
