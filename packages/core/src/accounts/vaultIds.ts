import { isValidVaultId } from '../documents/documentName';

const MAX_SLUG = 40;

/**
 * ACC5: the vault id made from a vault's name: lower-case ASCII letters and digits joined by single
 * hyphens, at most 40 characters (DOC3). Letters with accents lose them; a name with nothing left
 * ("日本語") becomes `vault`. Taken ids are the relay's to resolve: an admin's create answers VAULT_TAKEN, a
 * person's vault gets {@link personalVaultId} instead.
 * @example vaultIdFromName('Product Team · 2027') // 'product-team-2027'
 */
export function vaultIdFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
  return isValidVaultId(slug) ? slug : 'vault';
}

const SUFFIX_LENGTH = 8;
const BASE36 = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * ACL9: the id of a vault a person creates: its name's slug, a hyphen and 8 random base-36 characters. A
 * slug alone would be refused when someone else's vault had it (VAULT_TAKEN), telling a stranger that a vault
 * named "Board" exists; with the suffix every name is answered alike. `random` gives at least 8 bytes (the
 * relay's crypto; core has no randomness of its own).
 * @example personalVaultId('Board', bytes) // 'board-k3x9q0zm'
 */
export function personalVaultId(name: string, random: Uint8Array): string {
  if (random.length < SUFFIX_LENGTH) throw new Error(`personalVaultId: need ${SUFFIX_LENGTH} random bytes`);
  let suffix = '';
  // 256 is not a multiple of 36; the slight bias toward the first letters costs a fraction of a bit of 41.
  for (let index = 0; index < SUFFIX_LENGTH; index += 1) suffix += BASE36[(random[index] ?? 0) % BASE36.length];
  return `${vaultIdFromName(name)}-${suffix}`;
}
