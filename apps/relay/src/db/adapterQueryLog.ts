import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `@prisma/debug` keeps the arguments of its last 100 debug calls in a module-level array even when no
 * debugging is on, and both Prisma's client and the driver adapters log every query with its parameters
 * through it: the notes' stored states among them. So the heap held up to 100 queries' parameters for
 * nothing (30 queries with a 2 MB parameter kept 100 MiB, measured). Nothing turns the history off, so it
 * is emptied every second, in each copy that logs a query:
 * - each adapter logs through the copy its `@prisma/driver-adapter-utils` depends on (pglite-prisma-adapter
 *   carries its own), imported as an ES module: that module's `clearLogs()` empties it;
 * - the client's runtime bundles a copy that exports only `Debug`: the oldest entries are pushed out by
 *   logging {@link HISTORY_LENGTH} empty lines through it (nothing is printed unless DEBUG asks for it).
 */
export type DriverAdapterPackage = 'pglite-prisma-adapter' | '@prisma/adapter-pg';

/** How often the history is emptied: it then holds at most what this long of queries passed. */
export const CLEAR_QUERY_LOG_EVERY_MS = 1000;

interface PrismaDebugModule {
  clearLogs(): void;
}

/** How many debug calls `@prisma/debug` remembers. */
const HISTORY_LENGTH = 100;
const EVICTING_NAMESPACE = 'baalda:relay:forget-queries';

// Resolves through the adapter's own dependencies, as Node resolved them when the adapter was imported.
async function debugModuleOf(adapter: DriverAdapterPackage): Promise<PrismaDebugModule> {
  const fromHere = createRequire(import.meta.url);
  const adapterUtils = createRequire(fromHere.resolve(adapter)).resolve('@prisma/driver-adapter-utils');
  const debugMain = createRequire(adapterUtils).resolve('@prisma/debug');
  return (await import(pathToFileURL(join(dirname(debugMain), 'index.mjs')).href)) as PrismaDebugModule;
}

/**
 * Empties the adapter's query history now and every {@link CLEAR_QUERY_LOG_EVERY_MS}; the returned
 * function stops. A layout this does not know leaves the history as it was (never a failed start).
 */
export async function keepAdapterQueryLogEmpty(adapter: DriverAdapterPackage): Promise<() => void> {
  const clearers = [await adapterHistoryClearer(adapter), await clientHistoryClearer()];
  const clear = () => {
    for (const clearer of clearers) clearer();
  };
  clear();
  const timer = setInterval(clear, CLEAR_QUERY_LOG_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

const NOTHING_TO_CLEAR = () => {};

async function adapterHistoryClearer(adapter: DriverAdapterPackage): Promise<() => void> {
  try {
    const debug = await debugModuleOf(adapter);
    return typeof debug.clearLogs === 'function' ? () => debug.clearLogs() : NOTHING_TO_CLEAR;
  } catch {
    return NOTHING_TO_CLEAR;
  }
}

async function clientHistoryClearer(): Promise<() => void> {
  const runtime = (await import('@prisma/client/runtime/client')) as { Debug?: (namespace: string) => unknown };
  if (typeof runtime.Debug !== 'function') return NOTHING_TO_CLEAR;
  const log = runtime.Debug(EVICTING_NAMESPACE) as (line: string) => void;
  return () => {
    for (let line = 0; line < HISTORY_LENGTH; line += 1) log('');
  };
}
