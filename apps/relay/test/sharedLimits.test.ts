import { randomUUID } from 'node:crypto';
import { SIGN_IN_THROTTLE } from '@baalda/core';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisCallMeter, redisSignInGuard } from '../src/scale/sharedLimits';
import { silentLogger } from '../src/support/logger';
import { isRedisReachable, TEST_REDIS_URL } from './redisProbe';

const reachable = await isRedisReachable(TEST_REDIS_URL);
if (!reachable) console.warn(`[sharedLimits] skipped: Redis is unreachable at ${TEST_REDIS_URL}`);

describe.skipIf(!reachable)('limits every relay of a group counts together (SCALE8)', () => {
  const clients: Redis[] = [];
  const relayClient = () => {
    const client = new Redis(TEST_REDIS_URL);
    clients.push(client);
    return client;
  };
  afterAll(() => {
    for (const client of clients) client.disconnect();
  });

  it('[SCALE8, LIM10] two relays draw one token’s calls from one bucket, refilled at its rate', async () => {
    const prefix = `limits-${randomUUID()}`;
    const limit = { perSecond: 1, burst: 3 };
    const alpha = redisCallMeter(relayClient(), prefix, limit, silentLogger);
    const beta = redisCallMeter(relayClient(), prefix, limit, silentLogger);
    const at = 1_000_000;
    expect([await alpha.take('token-a', at), await beta.take('token-a', at), await alpha.take('token-a', at)]).toEqual([
      0, 0, 0,
    ]);
    expect(await beta.take('token-a', at)).toBe(1000);
    expect(await beta.take('token-b', at)).toBe(0);
    expect(await alpha.take('token-a', at + 1000)).toBe(0);
    expect(await beta.take('token-a', at + 1000)).toBe(1000);
  });

  it('[SCALE8, ACC6] failed sign-ins through one relay slow the next attempt on another; success clears the account', async () => {
    const prefix = `limits-${randomUUID()}`;
    const alpha = redisSignInGuard(relayClient(), prefix, silentLogger);
    const beta = redisSignInGuard(relayClient(), prefix, silentLogger);
    const at = 5_000_000;
    for (let failure = 0; failure < SIGN_IN_THROTTLE.perAccountAndAddress; failure += 1) {
      expect(await beta.retryAfterMs('dave@example.org', '10.0.0.7', at + failure)).toBe(0);
      await alpha.recordFailure('dave@example.org', '10.0.0.7', at + failure);
    }
    expect(await beta.retryAfterMs('dave@example.org', '10.0.0.7', at + 10)).toBe(SIGN_IN_THROTTLE.windowMs - 10);
    expect(await beta.retryAfterMs('dave@example.org', '10.0.0.8', at + 10)).toBe(0);
    expect(await alpha.retryAfterMs('dave@example.org', '10.0.0.7', at + SIGN_IN_THROTTLE.windowMs)).toBe(0);
    await beta.recordSuccess('dave@example.org', '10.0.0.7', at + 10);
    expect(await alpha.retryAfterMs('dave@example.org', '10.0.0.7', at + 10)).toBe(0);
  });

  it('[SCALE8, ACC6] a guess at one account spread over relays and addresses holds new addresses back, not known ones', async () => {
    const prefix = `limits-${randomUUID()}`;
    const alpha = redisSignInGuard(relayClient(), prefix, silentLogger);
    const beta = redisSignInGuard(relayClient(), prefix, silentLogger);
    const at = 7_000_000;
    await alpha.recordSuccess('fay@example.org', '10.1.0.1', at);
    for (let failure = 0; failure < SIGN_IN_THROTTLE.perAccount; failure += 1) {
      await (failure % 2 ? alpha : beta).recordFailure('fay@example.org', `10.2.0.${failure}`, at + failure);
    }
    expect(await beta.retryAfterMs('fay@example.org', '10.3.0.1', at + 100)).toBe(SIGN_IN_THROTTLE.windowMs - 100);
    expect(await beta.retryAfterMs('fay@example.org', '10.1.0.1', at + 100)).toBe(0);
    expect(await alpha.retryAfterMs('gus@example.org', '10.3.0.1', at + 100)).toBe(0);
  });

  it('[SCALE8] with Redis away, each relay still limits on its own count', async () => {
    const away = new Redis('redis://127.0.0.1:1', { lazyConnect: true, retryStrategy: () => 200 });
    away.on('error', () => {});
    clients.push(away);
    const meter = redisCallMeter(away, 'away', { perSecond: 1, burst: 2 }, silentLogger);
    const answers = [await meter.take('token-c', 0), await meter.take('token-c', 0), await meter.take('token-c', 0)];
    expect(answers).toEqual([0, 0, 1000]);
    const guard = redisSignInGuard(away, 'away', silentLogger);
    for (let failure = 0; failure < SIGN_IN_THROTTLE.perAccountAndAddress; failure += 1) {
      await guard.recordFailure('erin@example.org', '10.0.0.9', failure);
    }
    expect(await guard.retryAfterMs('erin@example.org', '10.0.0.9', 10)).toBeGreaterThan(0);
  });
});
