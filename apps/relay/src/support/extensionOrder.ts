/**
 * The order of the relay's Hocuspocus extensions, in one place. Hocuspocus runs every hook of every
 * extension from the highest `priority` down (default 100), so these numbers are the order.
 */
export const EXTENSION_PRIORITY = {
  /**
   * IDX1: the index extension has only an afterStoreDocument hook. It runs first among the after-store
   * hooks, so with several relays (SCALE2) the row is written while the Redis lock is still held.
   */
  index: 1200,
  /** The door: nothing may load or answer before the access decision. */
  access: 1100,
  /** SCALE2: its onStoreDocument takes the document's Redis lock before any other store hook runs. */
  redisSync: 1000,
  /** VC2: reads the state a destructive edit is about to replace, before persistence stores the new one. */
  versions: 900,
  /** SYNC1: stores the merged document; after it, the after-store hooks see it stored. */
  persistence: 800,
  /** DOC3, OP4: the tree channel (`vault:<id>`), which no store hook of the others depends on. */
  vaultChannel: 700,
  /** PRES7: only an awareness hook, which no other extension has. */
  presence: 600,
} as const;
