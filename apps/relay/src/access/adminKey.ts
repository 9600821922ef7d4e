import { timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isSecretShape } from '@baalda/core';
import { newSecret } from './secrets';

/**
 * ACC10: the admin key the CLI sends to `/api/admin/*`. Kept in a file only the relay's user can read
 * (mode 0600, in the data folder): whoever can read it could read the database files anyway, so it
 * grants nothing new, and unlike "loopback only" it can't be borrowed by a reverse proxy on the same host.
 * An existing key is kept across restarts so scripts keep working.
 */
export async function loadOrCreateAdminKey(file: string): Promise<string> {
  const existing = await readFile(file, 'utf8').catch(() => null);
  if (existing !== null && isSecretShape(existing.trim())) return existing.trim();
  const key = newSecret();
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/** True when `offered` is the admin key (compared in constant time). */
export function isAdminKey(offered: string | null, key: string): boolean {
  if (offered === null) return false;
  const a = Buffer.from(offered);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}
