import { formatNoteDocumentName } from '@baalda/core';
import { PRE_ACCOUNT_DATABASE_NAME } from '../localDatabase';
import type { KeyValueStore } from './rememberedAccount';

/** Whose notes, in which vault: every local name (IndexedDB, localStorage) is made from this pair. */
export interface VaultScope {
  readonly userId: string;
  readonly vaultId: string;
}

/** Where one scope keeps its data in this browser. */
export interface LocalNames {
  /** The database of the note registry, the tree outbox and the last tree snapshot. */
  readonly database: string;
  /** The `localStorage` key of the folders closed in the tree. */
  readonly collapsedFoldersKey: string;
  /** The y-indexeddb database holding one note's Yjs updates. */
  noteDatabase(docId: string): string;
  /** The `localStorage` key of one note's last backlinks answer, shown while offline (LINK5). */
  backlinksKey(docId: string): string;
}

/** The names this app used before accounts existed, when one browser held one person's one vault. */
export const LEGACY_NAMES: LocalNames = {
  database: PRE_ACCOUNT_DATABASE_NAME,
  collapsedFoldersKey: 'baalda:collapsed-folders',
  noteDatabase: formatNoteDocumentName,
  backlinksKey: (docId) => `baalda:backlinks:${docId}`,
};

/** The vault that pre-account data belongs to: the relay made it the first account's `default` vault. */
export const LEGACY_VAULT_ID = 'default';

const LEGACY_OWNER_KEY = 'baalda:legacy-owner';

/**
 * The names of a scope's data. Two users (or two vaults) never share a name, so bob signing in on alice's
 * browser starts from an empty device. The one exception is the user who claimed the data written before
 * accounts: their `default` vault keeps the old names, so nothing they wrote offline is stranded.
 */
export function localNamesFor(scope: VaultScope, legacyOwner: string | null): LocalNames {
  if (scope.userId === legacyOwner && scope.vaultId === LEGACY_VAULT_ID) return LEGACY_NAMES;
  // Ids are URL-safe slugs today; encoding keeps a future id holding ':' from colliding with another scope.
  const prefix = `baalda:${encodeURIComponent(scope.userId)}:${encodeURIComponent(scope.vaultId)}`;
  return {
    database: `${prefix}:local`,
    collapsedFoldersKey: `${prefix}:collapsed-folders`,
    noteDatabase: (docId) => `${prefix}:${formatNoteDocumentName(docId)}`,
    backlinksKey: (docId) => `${prefix}:backlinks:${docId}`,
  };
}

/** The user who owns pre-account data on this browser, or null. */
export function readLegacyOwner(storage: KeyValueStore): string | null {
  try {
    return storage.getItem(LEGACY_OWNER_KEY);
  } catch {
    return null;
  }
}

/**
 * Gives the data written before accounts to the first user who signs in here with access to `default`,
 * once: that browser had one person, and whoever signs in first on it after the upgrade is them.
 * `hasLegacyData` says whether that data exists at all; without it nobody claims anything.
 */
export function claimLegacyData(
  storage: KeyValueStore,
  userId: string,
  vaultIds: readonly string[],
  hasLegacyData: boolean,
): string | null {
  const owner = readLegacyOwner(storage);
  if (owner !== null || !hasLegacyData || !vaultIds.includes(LEGACY_VAULT_ID)) return owner;
  try {
    storage.setItem(LEGACY_OWNER_KEY, userId);
  } catch {
    return null;
  }
  return userId;
}
