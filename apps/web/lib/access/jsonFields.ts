// Small readers for the relay's JSON: each says what it accepts, so the shape checks read as sentences.

export type Fields = Record<string, unknown>;

/** The fields of a JSON object; undefined for anything else (null, a string, a number). */
export function fieldsOf(value: unknown): Fields | undefined {
  return typeof value === 'object' && value !== null ? (value as Fields) : undefined;
}

/** A non-empty string: ids, paths and emails are never empty. */
export function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** An ISO time as epoch ms; undefined when it is not a readable time. */
export function timeOf(value: unknown): number | undefined {
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(time) ? time : undefined;
}

/** An optional ISO time: null stays null, anything unreadable is undefined (the entry is then skipped). */
export function optionalTimeOf(value: unknown): number | null | undefined {
  return value === null || value === undefined ? null : timeOf(value);
}

/** An optional text: absent, null or empty is null; anything else that is not text is undefined. */
export function optionalTextOf(value: unknown): string | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  return typeof value === 'string' ? value : undefined;
}
