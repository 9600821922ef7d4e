import { isValidDocId, type VaultNote } from '@baalda/core';

/** The vault as the relay last described it: what the local tree is rebuilt from. */
export interface VaultSnapshot {
  /** The relay's tree version; 0 before this device ever heard from the relay. */
  readonly version: number;
  /** Live notes. */
  readonly notes: readonly VaultNote[];
  /** Every folder the relay listed (explicit ones and those holding a live note). */
  readonly folders: readonly string[];
  /** Notes in the trash. */
  readonly trash: readonly VaultNote[];
}

/** What a device that never reached the relay starts from. */
export const EMPTY_SNAPSHOT: VaultSnapshot = { version: 0, notes: [], folders: [], trash: [] };

/**
 * Reads a note from the relay (or from storage written by an earlier build) defensively: one odd entry is
 * skipped, it never breaks the tree. The relay's `title` is not kept: it is derived from the path (TTL1).
 */
export function toVaultNote(value: unknown): VaultNote | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entry = value as Record<string, unknown>;
  if (typeof entry.docId !== 'string' || !isValidDocId(entry.docId) || typeof entry.path !== 'string') return undefined;
  return {
    docId: entry.docId,
    path: entry.path,
    createdAt: toTime(entry.createdAt),
    updatedAt: toTime(entry.updatedAt),
    deletedAt: typeof entry.deletedAt === 'number' ? entry.deletedAt : null,
    conflictOf: typeof entry.conflictOf === 'string' ? entry.conflictOf : null,
  };
}

/** Reads a list of notes, skipping entries that are not notes. */
export function toVaultNotes(value: unknown): VaultNote[] {
  return Array.isArray(value) ? value.map(toVaultNote).filter((note) => note !== undefined) : [];
}

/** Reads a stored snapshot; anything unreadable starts from the empty vault (the relay fills it in). */
export function toVaultSnapshot(value: unknown): VaultSnapshot {
  if (typeof value !== 'object' || value === null) return EMPTY_SNAPSHOT;
  const stored = value as Record<string, unknown>;
  return {
    version: typeof stored.version === 'number' ? stored.version : 0,
    notes: toVaultNotes(stored.notes),
    folders: Array.isArray(stored.folders) ? stored.folders.filter((path) => typeof path === 'string') : [],
    trash: toVaultNotes(stored.trash),
  };
}

function toTime(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
