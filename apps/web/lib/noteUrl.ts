/** The selected note lives in the query string (`/?note=<docId>`) so a static export can serve every note. */
export const NOTE_PARAM = 'note';

/** The `note` parameter of a query string, or null when there is none. */
export function readNoteParam(search: string): string | null {
  const value = new URLSearchParams(search).get(NOTE_PARAM);
  return value === null || value === '' ? null : value;
}

/** The app-relative URL that selects `docId` (or no note). */
export function noteHref(docId: string | null): string {
  return docId === null ? '/' : `/?${NOTE_PARAM}=${encodeURIComponent(docId)}`;
}
