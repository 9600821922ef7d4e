import type { VaultNote } from '@baalda/core';

/** A live note at `path`, for tests of the search engine (timestamps don't matter there). */
export function liveNote(docId: string, path: string): VaultNote {
  return { docId, path, createdAt: 0, updatedAt: 0, deletedAt: null, conflictOf: null };
}
