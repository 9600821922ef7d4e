import {
  claimLegacyData,
  LEGACY_NAMES,
  type LocalNames,
  localNamesFor,
  readLegacyOwner,
  type VaultScope,
} from './localNames';

/** This browser's names for a scope's data (see localNamesFor). */
export function localNamesOf(scope: VaultScope): LocalNames {
  return localNamesFor(scope, readLegacyOwner(safeLocalStorage()));
}

/**
 * Settles, once per browser, who owns the notes written before accounts; call after a sign-in and before
 * opening a vault. Browsers without `indexedDB.databases()` can't tell, so they leave that data unclaimed.
 */
export async function settleLegacyData(userId: string, vaultIds: readonly string[]): Promise<void> {
  const storage = safeLocalStorage();
  if (readLegacyOwner(storage) !== null) return;
  claimLegacyData(storage, userId, vaultIds, await hasDatabase(LEGACY_NAMES.database));
}

async function hasDatabase(name: string): Promise<boolean> {
  try {
    return (await indexedDB.databases()).some((database) => database.name === name);
  } catch {
    return false;
  }
}

// Some private modes throw on merely touching localStorage; a store that forgets keeps the app usable.
const forgetful = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };

/** `localStorage`, or a store that remembers nothing when the browser refuses it. */
export function safeLocalStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    return window.localStorage ?? forgetful;
  } catch {
    return forgetful;
  }
}
