import { createHash } from 'node:crypto';
import { type RateLimit, SIGN_IN_THROTTLE } from '@baalda/core';
import type { Redis } from 'ioredis';
import { type CallMeter, localCallMeter, localSignInGuard, type SignInGuard } from '../access/callLimits';
import type { Logger } from '../support/logger';

/** Past this, a Redis that does not answer is treated as away: the relay counts on its own meanwhile. */
const REDIS_ANSWER_MS = 500;

// LIM10's token bucket (core's RateLimiter, same arithmetic) kept in one Redis hash per key, so every relay
// of a group draws from the same bucket. Atomic: Redis runs a script alone.
const TAKE_SCRIPT = `
local perSecond = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local bucket = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(bucket[1]) or burst
local at = tonumber(bucket[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) / 1000 * perSecond)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = math.ceil((1 - tokens) / perSecond * 1000) end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / perSecond * 1000) + 1000)
return wait`;

/**
 * SCALE8: LIM10 counted once for the whole group of relays. When Redis does not answer in time the relay
 * falls back to its own bucket (an assistant is not refused because Redis is away; it is still limited).
 */
export function redisCallMeter(redis: Redis, prefix: string, limit: RateLimit, logger: Logger): CallMeter {
  const fallback = localCallMeter(limit);
  return {
    take: (key, now) =>
      withFallback(
        async () =>
          Number(await redis.eval(TAKE_SCRIPT, 1, `${prefix}:rate:${digest(key)}`, limit.perSecond, limit.burst, now)),
        () => fallback.take(key, now),
        logger,
      ),
  };
}

/**
 * SCALE8: ACC6 counted once for the whole group: each key's failure times in a sorted set that forgets
 * what is older than the window, and each address an account signed in from as a key that expires with
 * `knownAddressMs`. Keys are hashed, so no address or email is stored in Redis.
 */
export function redisSignInGuard(redis: Redis, prefix: string, logger: Logger): SignInGuard {
  const fallback = localSignInGuard();
  const pairKey = (emailKey: string, address: string) => `${prefix}:signin:${digest(`${address}\u0000${emailKey}`)}`;
  const addressKey = (address: string) => `${prefix}:signin:${digest(address)}`;
  const accountKey = (emailKey: string) => `${prefix}:signin:${digest(`\u0000${emailKey}`)}`;
  const knownKey = (emailKey: string, address: string) =>
    `${prefix}:signin-known:${digest(`${address}\u0000${emailKey}`)}`;
  const waitFor = async (key: string, allowed: number, now: number) => {
    await redis.zremrangebyscore(key, '-inf', now - SIGN_IN_THROTTLE.windowMs);
    const [, nth] = await redis.zrange(key, -allowed, -allowed, 'WITHSCORES');
    return nth === undefined ? 0 : Math.max(0, Number(nth) + SIGN_IN_THROTTLE.windowMs - now);
  };
  const isKnown = async (emailKey: string, address: string, now: number) => {
    const since = await redis.get(knownKey(emailKey, address));
    return since !== null && now - Number(since) < SIGN_IN_THROTTLE.knownAddressMs;
  };
  const push = (key: string, now: number) =>
    redis
      .multi()
      .zadd(key, now, `${now}:${Math.random().toString(36).slice(2)}`)
      .zremrangebyscore(key, '-inf', now - SIGN_IN_THROTTLE.windowMs)
      // Only the newest failures up to the largest limit can ever matter (as in SignInThrottle).
      .zremrangebyrank(key, 0, -(Math.max(SIGN_IN_THROTTLE.perAddress, SIGN_IN_THROTTLE.perAccount) + 1))
      .pexpire(key, SIGN_IN_THROTTLE.windowMs)
      .exec();
  const sharedWait = async (emailKey: string, address: string, now: number) =>
    Math.max(
      await waitFor(pairKey(emailKey, address), SIGN_IN_THROTTLE.perAccountAndAddress, now),
      await waitFor(addressKey(address), SIGN_IN_THROTTLE.perAddress, now),
      (await isKnown(emailKey, address, now))
        ? 0
        : await waitFor(accountKey(emailKey), SIGN_IN_THROTTLE.perAccount, now),
    );
  return {
    retryAfterMs: (emailKey, address, now) =>
      withFallback(
        () => sharedWait(emailKey, address, now),
        () => fallback.retryAfterMs(emailKey, address, now),
        logger,
      ),
    recordFailure: async (emailKey, address, now) => {
      await fallback.recordFailure(emailKey, address, now);
      await withFallback(
        async () => {
          await Promise.all([
            push(pairKey(emailKey, address), now),
            push(addressKey(address), now),
            push(accountKey(emailKey), now),
          ]);
        },
        async () => {},
        logger,
      );
    },
    recordSuccess: async (emailKey, address, now) => {
      await fallback.recordSuccess(emailKey, address, now);
      await withFallback(
        async () => {
          await redis
            .multi()
            .del(pairKey(emailKey, address))
            .set(knownKey(emailKey, address), String(now), 'PX', SIGN_IN_THROTTLE.knownAddressMs)
            .exec();
        },
        async () => {},
        logger,
      );
    },
  };
}

async function withFallback<T>(shared: () => Promise<T>, local: () => Promise<T>, logger: Logger): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const attempt = shared();
  // A late failure after the timeout won is already handled by the local count.
  attempt.catch(() => {});
  try {
    return await Promise.race([
      attempt,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${REDIS_ANSWER_MS} ms`)), REDIS_ANSWER_MS);
      }),
    ]);
  } catch (error) {
    logger.warn('shared limit unavailable; counting on this relay alone', { message: (error as Error).message });
    return local();
  } finally {
    clearTimeout(timer);
  }
}

function digest(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 32);
}
