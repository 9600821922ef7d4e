import type { VaultEntry } from './accountTypes';

/**
 * The vault to open: the URL's when the user belongs to it, else the one they used last here, else the first
 * they belong to; null when they belong to none. A URL naming a vault they can't open is not an error page:
 * they land in one they can open.
 */
export function chooseVault(
  vaults: readonly VaultEntry[],
  fromUrl: string | null,
  lastUsed: string | null,
): VaultEntry | null {
  const byId = (id: string | null) => (id === null ? undefined : vaults.find((vault) => vault.id === id));
  return byId(fromUrl) ?? byId(lastUsed) ?? vaults[0] ?? null;
}
