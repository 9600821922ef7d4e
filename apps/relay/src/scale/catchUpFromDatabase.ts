import { parseDocumentName } from '@baalda/core';
import type { Hocuspocus, RedisTransactionOrigin } from '@hocuspocus/server';
import * as Y from 'yjs';
import type { PrismaClient } from '../generated/prisma/client';
import type { Logger } from '../support/logger';

/** How often a relay of a group looks for notes other relays stored (SCALE9). */
export const CATCH_UP_INTERVAL_MS = 2000;

/**
 * Folded in as Redis's own deliveries are: what comes from the database is stored already (no store hooks
 * run) and every other relay catches up by itself (nothing is published); this relay's clients hear it.
 */
const FROM_DATABASE: RedisTransactionOrigin = { source: 'redis' };

export interface DatabaseCatchUp {
  /** Runs one pass now (after any running one); `everything` folds every loaded note's row again. */
  checkNow(options?: { everything?: boolean }): Promise<void>;
  /** Stops the timer and waits for a running pass; call before the database closes. */
  stop(): Promise<void>;
}

/**
 * SCALE9, anti-entropy between relays: Redis carries each edit between relays once, and Hocuspocus
 * exchanges whole states only when a document loads, so an edit a relay missed (a Redis connection cut, a
 * relay killed between two steps of an exchange) would stay missing from its loaded copy, and from its
 * clients, for as long as the note stays open there. Every `intervalMs` the relay asks PostgreSQL which of
 * its loaded notes' rows changed since it last looked (a row's `xmin` changes with every write) and folds
 * those rows into its copies. Yjs merges are idempotent, so a row this relay wrote itself changes nothing.
 */
export function startDatabaseCatchUp(deps: {
  readonly prisma: PrismaClient;
  readonly hocuspocus: Hocuspocus;
  readonly logger: Logger;
  readonly intervalMs?: number;
}): DatabaseCatchUp {
  const seenVersions = new Map<string, string>();
  let running: Promise<void> = Promise.resolve();
  const pass = (everything: boolean) => {
    running = running
      .then(async () => {
        if (everything) seenVersions.clear();
        await foldChangedRows(deps.prisma, deps.hocuspocus, seenVersions);
      })
      .catch((error: unknown) => {
        deps.logger.error('catching up from the database failed', { message: (error as Error).message });
      });
    return running;
  };
  let idle = true;
  const timer = setInterval(() => {
    // A slow database must not pile passes up behind each other.
    if (!idle) return;
    idle = false;
    void pass(false).finally(() => {
      idle = true;
    });
  }, deps.intervalMs ?? CATCH_UP_INTERVAL_MS);
  timer.unref();
  return {
    checkNow: (options) => pass(options?.everything ?? false),
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

async function foldChangedRows(
  prisma: PrismaClient,
  hocuspocus: Hocuspocus,
  seenVersions: Map<string, string>,
): Promise<void> {
  const loaded = loadedNotes(hocuspocus);
  for (const docId of seenVersions.keys()) if (!loaded.has(docId)) seenVersions.delete(docId);
  if (loaded.size === 0) return;
  const rows = await prisma.$queryRaw<Array<{ doc_id: string; row_version: string }>>`
    SELECT doc_id, xmin::text AS row_version FROM note_document WHERE doc_id = ANY(${[...loaded.keys()]}::text[])`;
  const changed = rows.filter((row) => seenVersions.get(row.doc_id) !== row.row_version);
  if (changed.length === 0) return;
  const states = await prisma.$queryRaw<Array<{ doc_id: string; row_version: string; state: Uint8Array }>>`
    SELECT doc_id, xmin::text AS row_version, state FROM note_document
    WHERE doc_id = ANY(${changed.map((row) => row.doc_id)}::text[])`;
  for (const row of states) {
    // The note may have been unloaded (or loaded afresh, from this very row) while the query ran.
    const document = hocuspocus.documents.get(loaded.get(row.doc_id) ?? '');
    if (!document) continue;
    // Our own writes, never a client's frame: safe to decode without the edge's limits.
    Y.applyUpdate(document, new Uint8Array(row.state), FROM_DATABASE);
    seenVersions.set(row.doc_id, row.row_version);
  }
}

/** Loaded note documents: docId → document name. */
function loadedNotes(hocuspocus: Hocuspocus): Map<string, string> {
  const notes = new Map<string, string>();
  for (const name of hocuspocus.documents.keys()) {
    const address = parseDocumentName(name);
    if (address.ok && address.kind === 'note') notes.set(address.docId, name);
  }
  return notes;
}
