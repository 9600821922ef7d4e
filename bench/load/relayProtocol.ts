import type { ResidentParts } from './residentParts';

/** The relay's memory after two forced full collections, and what it held then. */
export interface MemoryReading extends ResidentParts {
  readonly heapUsed: number;
  /** The heap's pages, used or not: what the heap adds to the RSS. */
  readonly heapTotal: number;
  readonly rss: number;
  readonly external: number;
  readonly arrayBuffers: number;
  /** Documents Hocuspocus holds loaded. */
  readonly documents: number;
  /** Sync connections over all loaded documents. */
  readonly connections: number;
  /** Encoded Yjs state of every loaded document, summed (0 unless asked for). */
  readonly stateBytes: number;
  /**
   * Yjs structs (items and garbage-collected runs) of every loaded document, summed, and how many of them are
   * deleted (0 unless asked for). A deleted paragraph stays a struct for good: the in-memory share of a
   * document's history, which no relay can drop without changing the document (Yjs tombstones).
   */
  readonly structs: number;
  readonly deletedStructs: number;
  /** Share of the time since the previous reading the relay's event loop was busy (0–1). */
  readonly busySinceLast: number;
  /**
   * Since the previous reading, how late a 1 ms timer ran, in ms (p50, p99): the wait any message had in the
   * relay's queue before it was handled, the relay's own share of a fan-out delay.
   */
  readonly loopDelayMs: { readonly p50: number; readonly p99: number };
}

/** Messages from the bench to relayHost.ts. */
export type HostRequest =
  | { readonly type: 'memory'; readonly withStates: boolean }
  /** Writes a V8 heap snapshot to `path` (to find where the memory goes) and answers `snapshot`. */
  | { readonly type: 'snapshot'; readonly path: string }
  /** How many notes wait for semantic vectors (answers `semantic`). */
  | { readonly type: 'semantic' }
  /** Runs one ACL6 recheck pass over a client that counts its queries (answers `recheckQueries`). */
  | { readonly type: 'recheckQueries' }
  | { readonly type: 'stop' };

/** Messages from relayHost.ts to the bench. */
export type HostReply =
  | { readonly type: 'started'; readonly httpUrl: string }
  | { readonly type: 'memory'; readonly reading: MemoryReading }
  | { readonly type: 'snapshot' }
  | { readonly type: 'semantic'; readonly waiting: number }
  | { readonly type: 'recheckQueries'; readonly queries: number; readonly connections: number; readonly ms: number };
