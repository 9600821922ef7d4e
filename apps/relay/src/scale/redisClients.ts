import { Redis } from 'ioredis';
import type { Logger } from '../support/logger';

/** How long start-up waits for Redis before it gives up (a relay alone in a cluster would split it). */
const CONNECT_TIMEOUT_MS = 10_000;

/** The URL without its password, for logs and errors. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}

/**
 * A Redis connection that is ready, or an error naming REDIS_URL. After start-up ioredis reconnects on
 * its own; while it is away, sync between relays pauses and each relay keeps serving its own clients.
 */
export async function connectRedis(url: string, name: string, logger: Logger): Promise<Redis> {
  const client = new Redis(url, { connectionName: name, lazyConnect: true });
  let lastError = '';
  client.on('error', (error: Error) => {
    // ioredis repeats the error on every retry; one line per distinct failure is enough.
    if (error.message === lastError) return;
    lastError = error.message;
    logger.warn('redis connection failed; retrying', { connection: name, message: error.message });
  });
  client.on('ready', () => {
    lastError = '';
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.connect(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CONNECT_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    client.disconnect();
    throw new Error(`could not reach Redis at REDIS_URL (${redactedUrl(url)}): ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
  return client;
}
