import { isValidVaultId } from '../documents/documentName';

const MAX_SLUG = 40;

/**
 * ACC5: the vault id made from a vault's name: lower-case ASCII letters and digits joined by single
 * hyphens, at most 40 characters (DOC3). Letters with accents lose them; a name with nothing left
 * ("日本語") becomes `vault`. Taken ids are the relay's to resolve (it answers VAULT_TAKEN).
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
