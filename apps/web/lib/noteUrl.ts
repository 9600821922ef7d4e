/** The selected note lives in the query string (`/?note=<docId>`) so a static export can serve every note. */
export const NOTE_PARAM = 'note';

/** The open vault, beside the note (`/?vault=<id>&note=<docId>`), so a link opens the same vault. */
export const VAULT_PARAM = 'vault';

/** The `note` parameter of a query string, or null when there is none. */
export function readNoteParam(search: string): string | null {
  return readParam(search, NOTE_PARAM);
}

/** The `vault` parameter of a query string, or null when there is none. */
export function readVaultParam(search: string): string | null {
  return readParam(search, VAULT_PARAM);
}

/** The app-relative URL that selects `docId` (or no note), in `vaultId` when given. */
export function noteHref(docId: string | null, vaultId: string | null = null): string {
  const params = new URLSearchParams();
  if (vaultId !== null) params.set(VAULT_PARAM, vaultId);
  if (docId !== null) params.set(NOTE_PARAM, docId);
  const query = params.toString();
  return query === '' ? '/' : `/?${query}`;
}

function readParam(search: string, name: string): string | null {
  const value = new URLSearchParams(search).get(name);
  return value === null || value === '' ? null : value;
}
