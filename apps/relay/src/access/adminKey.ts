import { randomUUID, timingSafeEqual } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import { bearerTokenOf, isSecretShape } from '@baalda/core';
import { sendError } from '../http/httpErrors';
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

/**
 * ACC10: `/api/admin/*` answers only on this machine and only with the admin key; true after refusing.
 * 403 for another machine, 401 (with `WWW-Authenticate`) for a missing or wrong key.
 */
export function refuseNonAdmin(request: IncomingMessage, response: ServerResponse, adminKey: string): boolean {
  if (!isLoopback(request.socket.remoteAddress)) {
    sendError(response, 'FORBIDDEN', 'Admin routes answer only on this machine (127.0.0.1 or ::1).');
    return true;
  }
  if (isAdminKey(bearerTokenOf(request.headers.authorization), adminKey)) return false;
  response.setHeader('WWW-Authenticate', 'Bearer realm="baalda-admin"');
  sendError(response, 'UNAUTHENTICATED', 'Send the admin key from the data folder (admin.key) as a Bearer token.');
  return true;
}

/** True when a peer's socket address is this machine's own (127.0.0.1, ::1, or 127.0.0.1 mapped into IPv6). */
export function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}
