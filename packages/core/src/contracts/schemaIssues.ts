import type { z } from 'zod';

/**
 * Where a value broke its schema, in the words the tools and the relay answer with. `at` is the property
 * path (`'items[0].name'`, `''` for the value itself); `keyword` is the JSON Schema keyword it broke.
 */
export interface SchemaViolation {
  readonly at: string;
  readonly keyword: SchemaKeyword;
  /** A sentence starting with what broke: `'limit must be at most 50.'` */
  readonly message: string;
}

/** The JSON Schema keywords a violation can name. */
export type SchemaKeyword =
  | 'type'
  | 'required'
  | 'additionalProperties'
  | 'enum'
  | 'minLength'
  | 'maxLength'
  | 'pattern'
  | 'minimum'
  | 'maximum'
  | 'minItems'
  | 'maxItems'
  | 'format'
  | 'custom';

type Issue = z.core.$ZodIssue;

/**
 * The first way `value` broke the schema whose `safeParse` gave `error`, worded as today's tools word it.
 * `value` is what was parsed: it tells an absent property ("is required") from one of the wrong type;
 * `whole` names the value itself in the message.
 * @example findSchemaViolation(parsed.error, raw) // { at: 'limit', keyword: 'maximum', message: 'limit must be at most 50.' }
 */
export function findSchemaViolation(error: z.ZodError, value: unknown, whole = 'The value'): SchemaViolation {
  const issue = error.issues[0];
  if (issue === undefined) return { at: '', keyword: 'custom', message: 'The value is not valid.' };
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
  const at = pathText(path);
  const [keyword, problem] = describeIssue(issue, isAbsent(value, issue.path));
  return { at, keyword, message: `${at === '' ? whole : at} ${problem}.` };
}

/**
 * One line for a person: `'<path>: <problem>'` for every way the value broke its schema (at most three).
 * Given the `value` parsed, a property it lacks "is required" rather than "must be a string". A union
 * that matched no branch speaks for the branch it came closest to (the one with the fewest problems).
 * @example describeSchemaError(parsed.error) // 'vaults[0].role: must be one of "owner", "editor", "viewer"'
 */
export function describeSchemaError(error: z.ZodError, value?: unknown): string {
  const lines = error.issues
    .flatMap(closestIssues)
    .slice(0, 3)
    .map((issue) => {
      const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
      const absent = value !== undefined && isAbsent(value, issue.path);
      return `${pathText(path) || '(the answer)'}: ${describeIssue(issue, absent)[1]}`;
    });
  return lines.join('; ');
}

// zod reports a union's branches apart, each with paths inside the union; they get the union's path here.
function closestIssues(issue: Issue): Issue[] {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
  const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
  return closest.flatMap((inner) => closestIssues({ ...inner, path: [...issue.path, ...inner.path] } as Issue));
}

function describeIssue(issue: Issue, absent: boolean): [SchemaKeyword, string] {
  switch (issue.code) {
    case 'invalid_type':
      return absent ? ['required', 'is required'] : ['type', `must be ${articleOf(issue.expected)}`];
    case 'unrecognized_keys':
      return ['additionalProperties', 'is not a property this accepts'];
    case 'invalid_value':
      return ['enum', `must be one of ${issue.values.map((item) => JSON.stringify(item)).join(', ')}`];
    case 'too_small':
      return describeBound(issue.origin, 'min', issue.minimum);
    case 'too_big':
      return describeBound(issue.origin, 'max', issue.maximum);
    case 'invalid_format':
      return issue.format === 'regex' && 'pattern' in issue
        ? ['pattern', `must match ${patternSource(String(issue.pattern))}`]
        : ['format', `must be a ${issue.format}`];
    default:
      return ['custom', issue.message];
  }
}

function describeBound(origin: string, side: 'min' | 'max', bound: number | bigint): [SchemaKeyword, string] {
  const least = side === 'min' ? 'at least' : 'at most';
  if (origin === 'string') return [side === 'min' ? 'minLength' : 'maxLength', `must be ${least} ${bound} characters`];
  if (origin === 'array') return [side === 'min' ? 'minItems' : 'maxItems', `must have ${least} ${bound} items`];
  return [side === 'min' ? 'minimum' : 'maximum', `must be ${least} ${bound}`];
}

/** zod reports a regex as `/source/flags`; JSON Schema's `pattern` is the source alone. */
function patternSource(pattern: string): string {
  const match = /^\/(.*)\/[a-z]*$/su.exec(pattern);
  return match?.[1] ?? pattern;
}

function isAbsent(value: unknown, path: readonly PropertyKey[]): boolean {
  if (path.length === 0) return false;
  let parent: unknown = value;
  for (const key of path.slice(0, -1)) {
    if (typeof parent !== 'object' || parent === null) return false;
    parent = (parent as Record<PropertyKey, unknown>)[key];
  }
  const last = path[path.length - 1] as PropertyKey;
  return typeof parent === 'object' && parent !== null && !Object.hasOwn(parent, last);
}

function articleOf(expected: string): string {
  const name = expected === 'int' ? 'integer' : expected;
  if (name === 'null' || name === 'undefined' || name === 'never') return name;
  return /^[aeiou]/u.test(name) ? `an ${name}` : `a ${name}`;
}

function pathText(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text;
}
