import { LIMITS } from '../limits/limits';
import { fail, type Result } from '../result';

/** The prefix of every note document's name on the wire (DOC1). */
export const NOTE_DOCUMENT_PREFIX = 'note:';
/** The prefix of a vault's tree channel on the wire (DOC3). */
export const VAULT_DOCUMENT_PREFIX = 'vault:';

// DOC2: ids are URL-safe so they can sit in a path, a query string or a file name unchanged.
const DOC_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
// DOC3: vault ids are short lowercase slugs ("default" until vaults can be created).
const VAULT_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** True when `docId` has the shape of a note id (DOC2): 16–64 characters of `A–Z a–z 0–9 _ -`. */
export function isValidDocId(docId: string): boolean {
  return DOC_ID_PATTERN.test(docId);
}

/** True when `vaultId` has the shape of a vault id (DOC3). */
export function isValidVaultId(vaultId: string): boolean {
  return VAULT_ID_PATTERN.test(vaultId);
}

/**
 * The wire name of a note's document (DOC1).
 * @example formatNoteDocumentName('V1StGXR8_Z5jdHi6B-myT') // 'note:V1StGXR8_Z5jdHi6B-myT'
 */
export function formatNoteDocumentName(docId: string): string {
  if (!isValidDocId(docId)) throw new Error(`formatNoteDocumentName: invalid docId ${JSON.stringify(docId)}`);
  return `${NOTE_DOCUMENT_PREFIX}${docId}`;
}

/** The wire name of a vault's tree channel (DOC3). */
export function formatVaultDocumentName(vaultId: string): string {
  if (!isValidVaultId(vaultId)) throw new Error(`formatVaultDocumentName: invalid vaultId ${JSON.stringify(vaultId)}`);
  return `${VAULT_DOCUMENT_PREFIX}${vaultId}`;
}

/** Why a document name was refused. */
export type DocumentNameError = 'DOCUMENT_NAME_INVALID';

/** What a document name addresses. */
export type DocumentAddress =
  | { readonly kind: 'note'; readonly docId: string }
  | { readonly kind: 'vault'; readonly vaultId: string };

/**
 * Reads a document name that arrived from a client (DOC1–DOC3, LIM4). Anything but `note:<docId>` or
 * `vault:<vaultId>` is refused, so a client can never make the relay load or store a document it does
 * not model.
 */
export function parseDocumentName(name: string): Result<DocumentAddress, DocumentNameError> {
  if (name.length > LIMITS.maxDocumentNameLength) {
    return fail('DOCUMENT_NAME_INVALID', `Document name is longer than ${LIMITS.maxDocumentNameLength} characters.`);
  }
  if (name.startsWith(VAULT_DOCUMENT_PREFIX)) {
    const vaultId = name.slice(VAULT_DOCUMENT_PREFIX.length);
    if (!isValidVaultId(vaultId)) return fail('DOCUMENT_NAME_INVALID', 'Vault id must be a lowercase slug.');
    return { ok: true, kind: 'vault', vaultId };
  }
  if (!name.startsWith(NOTE_DOCUMENT_PREFIX)) {
    return fail(
      'DOCUMENT_NAME_INVALID',
      `Document name must start with "${NOTE_DOCUMENT_PREFIX}" or "${VAULT_DOCUMENT_PREFIX}".`,
    );
  }
  const docId = name.slice(NOTE_DOCUMENT_PREFIX.length);
  if (!isValidDocId(docId)) {
    return fail('DOCUMENT_NAME_INVALID', 'Note id must be 16–64 characters of A–Z, a–z, 0–9, "_" or "-".');
  }
  return { ok: true, kind: 'note', docId };
}
