// The one cursor codec of the relay's paged reads (list_notes, list_drafts): the last row shown, as a short
// list of strings, base64url of JSON. Opaque to callers, so its form can change; anything that does not
// decode to the expected number of strings is refused, never guessed at.

/** Longest cursor taken: room for a path key at PATH7's limit and a few fields beside it. */
const MAX_CURSOR_CHARS = 4_000;

export function encodePageCursor(fields: readonly string[]): string {
  return Buffer.from(JSON.stringify(fields), 'utf8').toString('base64url');
}

/** The fields a cursor holds, or null when it is not one `encodePageCursor` made with `count` fields. */
export function decodePageCursor(cursor: string, count: number): string[] | null {
  if (cursor.length > MAX_CURSOR_CHARS || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    const fields: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const isFields = Array.isArray(fields) && fields.length === count && fields.every((f) => typeof f === 'string');
    return isFields ? fields : null;
  } catch {
    return null;
  }
}
