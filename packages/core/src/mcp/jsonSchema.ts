/** The JSON types a schema can name. */
export type JsonSchemaType = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';

/**
 * The subset of JSON Schema (draft 2020-12) the MCP tools publish. The published schemas are generated
 * from the zod schemas that check the input (`mcpSchemas.ts`), so what a client is told and what is
 * enforced can't drift; publishedTools.test.ts pins them to this subset.
 */
export interface JsonSchema {
  readonly type: JsonSchemaType | readonly JsonSchemaType[];
  readonly description?: string;
  /** An annotation in JSON Schema; the input schema fills it in for an absent property. */
  readonly default?: string | number | boolean;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: false;
  readonly items?: JsonSchema;
  readonly maxItems?: number;
  readonly enum?: readonly string[];
  /** In code points, as JSON Schema counts string length. */
  readonly minLength?: number;
  /** In code points, as JSON Schema counts string length. */
  readonly maxLength?: number;
  /** An ECMA-262 regular expression, unanchored as in JSON Schema (anchor it with `^…$`). */
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  /** An annotation only (JSON Schema does not assert formats by default). */
  readonly format?: 'date-time';
}

/** Length in code points (a surrogate pair counts once), as JSON Schema's minLength and maxLength count. */
export function codePointLength(text: string): number {
  let length = text.length;
  for (let index = 0; index + 1 < text.length; index += 1) {
    if (isHighSurrogate(text.charCodeAt(index)) && isLowSurrogate(text.charCodeAt(index + 1))) {
      length -= 1;
      index += 1;
    }
  }
  return length;
}

/** True for the first half of a UTF-16 surrogate pair. */
export function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

/** True for the second half of a UTF-16 surrogate pair. */
export function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
