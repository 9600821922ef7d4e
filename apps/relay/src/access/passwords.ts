import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * ACC2: scrypt's cost. The default is OWASP's recommendation (N = 2^17, r = 8, p = 1: 128 MiB and
 * roughly a quarter second per hash here); tests pass a cheaper one. The parameters are stored with
 * each hash, so raising them later still verifies old passwords.
 */
export interface PasswordCost {
  readonly logN: number;
  readonly r: number;
  readonly p: number;
}

export const DEFAULT_PASSWORD_COST: PasswordCost = { logN: 17, r: 8, p: 1 };
/** For tests only: fast, and still the real algorithm. */
export const TEST_PASSWORD_COST: PasswordCost = { logN: 10, r: 8, p: 1 };

const KEY_BYTES = 32;
// At most this many hashes run at once: each holds 128 MiB, and a flood of sign-ins must not take the
// relay's memory (the rest wait their turn).
const MAX_CONCURRENT_HASHES = 2;
let running = 0;
const waiting: Array<() => void> = [];
// Every scrypt derivation asked for counts here (queued ones too), so a test can say how many hashes a
// request cost without timing it.
let derivationsAsked = 0;

/** How many scrypt derivations this process has asked for, hashes and checks alike. */
export function scryptDerivationsSoFar(): number {
  return derivationsAsked;
}

/** Hashes a password with a fresh salt: `scrypt$logN$r$p$salt$key` (base64url). */
export async function hashPassword(password: string, cost: PasswordCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.logN, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` matches `stored`; false for a malformed or foreign hash (never throws). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const cost = { logN: Number(logN), r: Number(r), p: Number(p) };
  if (![cost.logN, cost.r, cost.p].every((n) => Number.isInteger(n) && n > 0) || cost.logN > 20) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), cost);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

async function derive(password: string, salt: Buffer, cost: PasswordCost): Promise<Buffer> {
  derivationsAsked += 1;
  await acquire();
  try {
    const N = 2 ** cost.logN;
    const options: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r + 1024 * 1024 };
    return await new Promise<Buffer>((resolve, reject) =>
      scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) =>
        error ? reject(error) : resolve(key),
      ),
    );
  } finally {
    release();
  }
}

function acquire(): Promise<void> {
  if (running < MAX_CONCURRENT_HASHES) {
    running += 1;
    return Promise.resolve();
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}
