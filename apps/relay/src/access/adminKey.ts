import { randomUUID, timingSafeEqual } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
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
  if (existing !== null) {
    await writeFile(file, `${key}\n`, { mode: 0o600 });
    return key;
  }
  return (await createKeyFile(file, key)) ?? (await readFile(file, 'utf8')).trim();
}

/**
 * SCALE1: relays started together on one data folder must end with one key: the file appears whole
 * (written aside, then linked into place) and only if absent; a relay that loses the race reads the winner's.
 */
async function createKeyFile(file: string, key: string): Promise<string | null> {
  const aside = `${file}.${randomUUID()}.tmp`;
  await writeFile(aside, `${key}\n`, { mode: 0o600 });
  try {
    await link(aside, file);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return null;
  } finally {
    await rm(aside, { force: true });
  }
}

/** True when `offered` is the admin key (compared in constant time). */
export function isAdminKey(offered: string | null, key: string): boolean {
  if (offered === null) return false;
  const a = Buffer.from(offered);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}
