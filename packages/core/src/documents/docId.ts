const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** Length of ids made by {@link docIdFromRandomBytes}: 21 characters carry 126 random bits. */
export const DOC_ID_LENGTH = 21;

/**
 * Turns random bytes (the caller's source of randomness; core has none) into a note id (DOC2).
 * Each byte picks one of 64 characters, so the id carries 6 bits per byte.
 * @example docIdFromRandomBytes(crypto.getRandomValues(new Uint8Array(21)))
 */
export function docIdFromRandomBytes(bytes: Uint8Array): string {
  if (bytes.length < DOC_ID_LENGTH) throw new Error(`docIdFromRandomBytes: need ${DOC_ID_LENGTH} bytes`);
  let id = '';
  for (let index = 0; index < DOC_ID_LENGTH; index += 1) {
    id += ALPHABET[(bytes[index] ?? 0) & 63];
  }
  return id;
}
