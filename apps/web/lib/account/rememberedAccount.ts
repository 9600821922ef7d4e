import { toUser, toVaultEntries, type User, type VaultEntry } from './accountTypes';

/** Who last signed in here and what they could open: enough to start the app when the relay is out of reach. */
export interface RememberedAccount {
  readonly user: User;
  readonly vaults: readonly VaultEntry[];
}

/** The part of `localStorage` this module uses, so tests can pass a map. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const ACCOUNT_KEY = 'baalda:account';
const LAST_VAULT_PREFIX = 'baalda:last-vault:';

/** The last signed-in account, or null (none, or written by a build whose shape this one can't read). */
export function readRememberedAccount(storage: KeyValueStore): RememberedAccount | null {
  const value = readJson(storage, ACCOUNT_KEY) as { user?: unknown; vaults?: unknown } | null;
  const user = toUser(value?.user);
  const vaults = toVaultEntries(value?.vaults);
  return user && vaults ? { user, vaults } : null;
}

/** Remembers the signed-in account (after every answer from the relay, so the vault list stays current). */
export function rememberAccount(storage: KeyValueStore, account: RememberedAccount): void {
  write(storage, ACCOUNT_KEY, JSON.stringify(account));
}

/**
 * Forgets who signed in (sign-out, or a session the relay ended), so an offline reload no longer opens the
 * app as them. Their notes stay in IndexedDB, under their user id, for their next sign-in.
 */
export function forgetAccount(storage: KeyValueStore): void {
  try {
    storage.removeItem(ACCOUNT_KEY);
  } catch {
    // Storage that can't be written can't hold the account either.
  }
}

/** The vault this user opened last on this device. */
export function readLastVault(storage: KeyValueStore, userId: string): string | null {
  try {
    return storage.getItem(LAST_VAULT_PREFIX + userId);
  } catch {
    return null;
  }
}

/** Remembers the vault this user has open. */
export function rememberLastVault(storage: KeyValueStore, userId: string, vaultId: string): void {
  write(storage, LAST_VAULT_PREFIX + userId, vaultId);
}

// localStorage can be missing or full (private modes); remembering is a convenience, never worth an error.
function readJson(storage: KeyValueStore, key: string): unknown {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

function write(storage: KeyValueStore, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // See readJson.
  }
}
