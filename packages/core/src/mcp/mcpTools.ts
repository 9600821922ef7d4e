import { LIMITS } from '../limits/limits';
import type { JsonSchema } from './jsonSchema';

/**
 * Bounds of the MCP tools' inputs (MCP2). String sizes count code points, as JSON Schema does; read
 * offsets and `maxChars` count UTF-16 code units (MCP4).
 */
export const MCP_LIMITS = {
  /** LIM8: a search query. */
  maxQueryLength: LIMITS.maxSearchQueryLength,
  /** search_notes' default number of hits. */
  defaultSearchHits: 10,
  /** LIM8: hits one search may return. */
  maxSearchHits: LIMITS.maxSearchResults,
  /** list_notes' default page size. */
  defaultListNotes: 50,
  /** The largest page list_notes returns. */
  maxListNotes: 100,
  /** A list_notes cursor (opaque; the store makes them, this only bounds what comes back). */
  maxCursorLength: 512,
  /** Text one write may carry; more is `TOO_LARGE`. Its JSON still fits LIM3's request body when ASCII. */
  maxTextChars: 1_000_000,
  /** read_note's and read_attachment_text's default page. */
  defaultReadChars: 20_000,
  /** The largest page one read returns. */
  maxReadChars: 100_000,
} as const;

/** The names of the tools, exactly as MCP1 gives them. */
export type McpToolName =
  | 'search_notes'
  | 'read_note'
  | 'read_attachment_text'
  | 'list_notes'
  | 'create_note'
  | 'update_note'
  | 'append_note'
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

/** DOC2's id shape as a JSON Schema pattern (agrees with `isValidDocId`, tested). */
export const DOC_ID_PATTERN = '^[A-Za-z0-9_-]{16,64}$';

const docId: JsonSchema = { type: 'string', pattern: DOC_ID_PATTERN, description: 'From search_notes or list_notes.' };
const notePath: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: LIMITS.maxPathLength,
  description: 'Folders separated by "/", ending in ".md", e.g. "Projects/Plan.md".',
};
const folder: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: LIMITS.maxPathLength,
  description: 'Only notes in this folder or below, e.g. "Projects".',
};
const markdown: JsonSchema = { type: 'string', maxLength: MCP_LIMITS.maxTextChars, description: 'Markdown.' };
const kind: JsonSchema = { type: 'string', enum: ['note', 'attachment'] };
const offset: JsonSchema = {
  type: 'integer',
  minimum: 0,
  default: 0,
  description: 'Where to start, in UTF-16 code units; a truncated answer names the next one.',
};
const maxChars: JsonSchema = {
  type: 'integer',
  minimum: 1,
  maximum: MCP_LIMITS.maxReadChars,
  default: MCP_LIMITS.defaultReadChars,
};
const text: JsonSchema = { type: 'string' };
const count: JsonSchema = { type: 'integer', minimum: 0 };

function objectSchema(properties: Record<string, JsonSchema>, required: readonly string[]): JsonObjectSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

const pointerFields = { docId: text, title: text, path: text, kind };
const pointer = objectSchema(pointerFields, ['docId', 'title', 'path', 'kind']);
const hit = objectSchema({ ...pointerFields, score: { type: 'number' } }, ['docId', 'title', 'path', 'score', 'kind']);
const written = objectSchema({ docId: text, path: text }, ['docId', 'path']);
const readInput = objectSchema({ docId, offset, maxChars }, ['docId']);
const pageFields = { docId: text, title: text, path: text, text, offset: count, totalChars: count };
const pageRequired = ['docId', 'title', 'path', 'text', 'offset', 'totalChars', 'truncated'];

function accessOf(annotations: McpToolDefinition['annotations']): Pick<McpToolDefinition, 'readOnly' | 'annotations'> {
  return { readOnly: annotations.readOnlyHint, annotations };
}

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;
const REWRITE = { ...WRITE, destructiveHint: true, idempotentHint: true } as const;

/** Every tool, read tools first (MCP1). Descriptions teach the pattern: search, pick a pointer, read it. */
export const MCP_TOOLS: readonly McpToolDefinition[] = [
  {
    name: 'search_notes',
    description:
      'Find notes by words. Returns pointers (docId, title, path, score), never note text: pick the best hit, then read it with read_note (read_attachment_text for kind "attachment").',
    inputSchema: objectSchema(
      {
        query: { type: 'string', minLength: 1, maxLength: MCP_LIMITS.maxQueryLength, pattern: '\\S' },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: MCP_LIMITS.maxSearchHits,
          default: MCP_LIMITS.defaultSearchHits,
        },
        folder,
        kind,
      },
      ['query'],
    ),
    outputSchema: objectSchema({ hits: { type: 'array', items: hit, maxItems: MCP_LIMITS.maxSearchHits } }, ['hits']),
    ...accessOf(READ),
  },
  {
    name: 'read_note',
    description:
      'Read a note\'s Markdown by docId (from search_notes or list_notes). Long notes come in pages: when "truncated" is true, call again with the next offset.',
    inputSchema: readInput,
    outputSchema: objectSchema(
      { ...pageFields, truncated: { type: 'boolean' }, updatedAt: { type: 'string', format: 'date-time' } },
      [...pageRequired, 'updatedAt'],
    ),
    ...accessOf(READ),
  },
  {
    name: 'read_attachment_text',
    description:
      'Read the text extracted from an attachment by docId (search_notes with kind "attachment" finds them). Paged like read_note.',
    inputSchema: readInput,
    outputSchema: objectSchema({ ...pageFields, mimeType: text, truncated: { type: 'boolean' } }, [
      ...pageRequired,
      'mimeType',
    ]),
    ...accessOf(READ),
  },
  {
    name: 'list_notes',
    description:
      'Browse notes in a folder (the whole vault without one) as pointers without text; pass nextCursor back for more. To find something, search_notes is faster.',
    inputSchema: objectSchema(
      {
        folder,
        limit: { type: 'integer', minimum: 1, maximum: MCP_LIMITS.maxListNotes, default: MCP_LIMITS.defaultListNotes },
        cursor: { type: 'string', minLength: 1, maxLength: MCP_LIMITS.maxCursorLength },
      },
      [],
    ),
    outputSchema: objectSchema({ notes: { type: 'array', items: pointer }, nextCursor: { type: ['string', 'null'] } }, [
      'notes',
      'nextCursor',
    ]),
    ...accessOf(READ),
  },
  {
    name: 'create_note',
    description:
      'Create a note at a new path ending in ".md". An occupied path fails with PATH_EXISTS; nothing is overwritten.',
    inputSchema: objectSchema({ path: notePath, text: markdown }, ['path', 'text']),
    outputSchema: written,
    ...accessOf(WRITE),
  },
  {
    name: 'update_note',
    description:
      "Replace a note's whole Markdown (read it first). Only the changed parts are applied, so people editing it at the same time keep their edits.",
    inputSchema: objectSchema({ docId, text: markdown }, ['docId', 'text']),
    outputSchema: written,
    ...accessOf(REWRITE),
  },
  {
    name: 'append_note',
    description: 'Add Markdown to the end of a note.',
    inputSchema: objectSchema({ docId, text: markdown }, ['docId', 'text']),
    outputSchema: written,
    ...accessOf(WRITE),
  },
  {
    name: 'move_note',
    description: 'Move or rename a note to a new path ending in ".md". A taken path fails with PATH_EXISTS.',
    inputSchema: objectSchema({ docId, path: notePath }, ['docId', 'path']),
    outputSchema: written,
    ...accessOf({ ...WRITE, idempotentHint: true }),
  },
  {
    name: 'delete_note',
    description: 'Move a note to the trash; people can restore it from there.',
    inputSchema: objectSchema({ docId }, ['docId']),
    outputSchema: written,
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
