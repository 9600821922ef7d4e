/** The JSON types a schema can name. */
export type JsonSchemaType = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';

/**
 * The subset of JSON Schema (draft 2020-12) the MCP tools are written in. Core checks input against the
 * very schema it advertises (`findSchemaViolation`), so what a client is told and what is enforced can't
 * drift, without a schema library in core. Keywords outside this subset are not allowed by the type.
 */
export interface JsonSchema {
  readonly type: JsonSchemaType | readonly JsonSchemaType[];
  readonly description?: string;
  /** An annotation in JSON Schema; core's input parsing fills it in for an absent property. */
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

/** Where a value broke its schema: `at` is the property path (`''` for the value itself). */
export interface SchemaViolation {
  readonly at: string;
  readonly keyword: Exclude<keyof JsonSchema, 'description' | 'default' | 'format'>;
  readonly message: string;
}

const patterns = new Map<string, RegExp>();

/**
 * The first way `value` breaks `schema`, or null when it conforms (for this subset, exactly as a
 * draft 2020-12 validator would decide).
 * @example findSchemaViolation({ type: 'integer', minimum: 1 }, 0) // { at: '', keyword: 'minimum', … }
 */
export function findSchemaViolation(schema: JsonSchema, value: unknown, at = ''): SchemaViolation | null {
  const types: readonly JsonSchemaType[] = typeof schema.type === 'string' ? [schema.type] : schema.type;
  const type = types.find((candidate) => hasType(value, candidate));
  if (type === undefined) return violation(at, 'type', `must be ${types.map(articleOf).join(' or ')}`);
  if (type === 'string') return checkString(schema, value as string, at);
  if (type === 'integer' || type === 'number') return checkNumber(schema, value as number, at);
  if (type === 'array') return checkArray(schema, value as readonly unknown[], at);
  if (type === 'object') return checkObject(schema, value as Readonly<Record<string, unknown>>, at);
  return null;
}

function hasType(value: unknown, type: JsonSchemaType): boolean {
  switch (type) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

function checkString(schema: JsonSchema, value: string, at: string): SchemaViolation | null {
  if (schema.enum !== undefined && !schema.enum.includes(value)) {
    return violation(at, 'enum', `must be one of ${schema.enum.map((item) => JSON.stringify(item)).join(', ')}`);
  }
  // Counting code points costs a pass over the string; UTF-16 length bounds it from above, so skip when it can.
  if (
    schema.minLength !== undefined &&
    (value.length < schema.minLength || codePointLength(value) < schema.minLength)
  ) {
    return violation(at, 'minLength', `must be at least ${schema.minLength} characters`);
  }
  if (schema.maxLength !== undefined && value.length > schema.maxLength && codePointLength(value) > schema.maxLength) {
    return violation(at, 'maxLength', `must be at most ${schema.maxLength} characters`);
  }
  if (schema.pattern !== undefined && !patternOf(schema.pattern).test(value)) {
    return violation(at, 'pattern', `must match ${schema.pattern}`);
  }
  return null;
}

function checkNumber(schema: JsonSchema, value: number, at: string): SchemaViolation | null {
  if (schema.minimum !== undefined && value < schema.minimum) {
    return violation(at, 'minimum', `must be at least ${schema.minimum}`);
  }
  if (schema.maximum !== undefined && value > schema.maximum) {
    return violation(at, 'maximum', `must be at most ${schema.maximum}`);
  }
  return null;
}

function checkArray(schema: JsonSchema, value: readonly unknown[], at: string): SchemaViolation | null {
  if (schema.maxItems !== undefined && value.length > schema.maxItems) {
    return violation(at, 'maxItems', `must have at most ${schema.maxItems} items`);
  }
  if (schema.items === undefined) return null;
  for (const [index, item] of value.entries()) {
    const found = findSchemaViolation(schema.items, item, `${at}[${index}]`);
    if (found) return found;
  }
  return null;
}

function checkObject(schema: JsonSchema, value: Readonly<Record<string, unknown>>, at: string): SchemaViolation | null {
  const properties = schema.properties ?? {};
  for (const name of schema.required ?? []) {
    if (!Object.hasOwn(value, name)) return violation(joinAt(at, name), 'required', 'is required');
  }
  for (const name of Object.keys(value)) {
    const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (property === undefined) {
      if (schema.additionalProperties === false) {
        return violation(joinAt(at, name), 'additionalProperties', 'is not a property this accepts');
      }
      continue;
    }
    const found = findSchemaViolation(property, value[name], joinAt(at, name));
    if (found) return found;
  }
  return null;
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

function patternOf(source: string): RegExp {
  let compiled = patterns.get(source);
  if (compiled === undefined) {
    compiled = new RegExp(source, 'u');
    patterns.set(source, compiled);
  }
  return compiled;
}

function articleOf(type: JsonSchemaType): string {
  if (type === 'null') return 'null';
  return type === 'object' || type === 'array' || type === 'integer' ? `an ${type}` : `a ${type}`;
}

function joinAt(at: string, name: string): string {
  return at === '' ? name : `${at}.${name}`;
}

function violation(at: string, keyword: SchemaViolation['keyword'], message: string): SchemaViolation {
  return { at, keyword, message: `${at === '' ? 'The arguments' : at} ${message}.` };
}
