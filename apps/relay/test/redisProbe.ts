import { Redis } from 'ioredis';

/** The Redis the several-relay tests use (CI sets BAALDA_TEST_REDIS_URL). */
export const TEST_REDIS_URL = process.env.BAALDA_TEST_REDIS_URL?.trim() || 'redis://127.0.0.1:6379';

/** Whether Redis answers a PING within two seconds (no retries: a missing server is a skip, not a hang). */
export async function isRedisReachable(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await Promise.race([
      probe.connect().then(() => probe.ping()),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
