import type { RateLimit } from '@baalda/core';
import type { Extension, Hocuspocus } from '@hocuspocus/server';
import type { CallMeter, SignInGuard } from '../access/callLimits';
import type { Logger } from '../support/logger';

/** What this relay does when another one reports a change (SCALE3–SCALE5). */
export interface ScaleEventHandlers {
  /** SCALE3: re-reads these `note_index` rows into the search copy (absent rows leave it). */
  reloadIndexRows(docIds: readonly string[]): Promise<void>;
  /** SCALE4: closes the sync connections of these purged notes. */
  closeNotes(docIds: readonly string[]): void;
  /** SCALE5: tells this relay's clients of `vault:<id>` the new tree version. */
  treeChanged(vaultId: string, version: number): void;
  /** SCALE7: events may have been missed: re-reads the search copy, trees and purges from the database. */
  resync(): Promise<void>;
}

/** SCALE8: counters shared through Redis by every relay of the group. */
export interface SharedLimits {
  callMeter(limit: RateLimit): CallMeter;
  signInGuard(): SignInGuard;
}

/** This relay's part in a group of relays sharing one database and one Redis (SCALE1). */
export interface ScaleOut {
  /** The Hocuspocus extension that carries edits, awareness and stateless messages (SCALE2); none alone. */
  readonly extension: Extension | null;
  /** SCALE3: a `note_index` row was committed; the others hear it once per tick, batched. */
  indexChanged(docId: string): void;
  /** SCALE4: a note was purged. */
  notePurged(docId: string): void;
  /** SCALE5: a vault's tree has a new version. */
  treeChanged(vaultId: string, version: number): void;
  /** SCALE8: limits every relay of the group counts together; null alone (each relay counts its own). */
  readonly limits: SharedLimits | null;
  /** Stops listening; call after every document is stored and unloaded, before the database closes. */
  close(): Promise<void>;
}

/** One process, no Redis: nothing to tell anyone (the PGlite default). */
const ALONE: ScaleOut = {
  extension: null,
  indexChanged: () => {},
  notePurged: () => {},
  treeChanged: () => {},
  limits: null,
  close: async () => {},
};

/** Namespace of keys and channels; relays with the same prefix and Redis form one group. */
const DEFAULT_SCALE_PREFIX = 'baalda';

export interface ScaleOutOptions {
  readonly redisUrl: string;
  readonly prefix: string;
  readonly hocuspocus: Hocuspocus;
  readonly logger: Logger;
  readonly handlers: ScaleEventHandlers;
}

/** SCALE1: with a Redis URL, joins the relays on it; without, the relay is alone and nothing changes. */
export async function joinRelays(
  redisUrl: string | null | undefined,
  options: Omit<ScaleOutOptions, 'redisUrl' | 'prefix'> & { readonly prefix?: string },
): Promise<ScaleOut> {
  if (!redisUrl) return ALONE;
  // Loaded only here: a relay alone never loads the Redis clients, and starts that much sooner.
  const { startScaleOut } = await import('./redisScaleOut');
  return startScaleOut({ ...options, redisUrl, prefix: options.prefix ?? DEFAULT_SCALE_PREFIX });
}
