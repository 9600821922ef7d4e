import type { RateLimit, VersionSettings } from '@baalda/core';
import { TEST_PASSWORD_COST } from '../src/access/passwords';
import { type Relay, startRelay } from '../src/app/startRelay';
import type { DatabaseTarget } from '../src/db/openDatabase';
import type { SemanticSettings } from '../src/search/semantic/semanticSearch';
import { type EdgeSettings, LOCAL_EDGE } from '../src/support/edgeSettings';
import { type Logger, silentLogger } from '../src/support/logger';

/** The account every test relay is opened with: the relay's first account, owner of `default`. */
export const TEST_OWNER = { email: 'owner@baalda.test', password: 'correct horse battery staple' };

/** A relay started for a test, with a token of its owner (read-write, vault `default`). */
export interface TestRelay extends Relay {
  readonly token: string;
}

/** Starts a relay on port 0 on the given database; `storeDebounceMs` is short so tests are quick. */
export async function startTestRelay(
  database: DatabaseTarget,
  overrides: {
    storeDebounceMs?: number;
    webDir?: string;
    clock?: () => Date;
    versionSettings?: VersionSettings;
    mcpRateLimit?: RateLimit;
    attachmentsDir?: string;
    maxAttachmentBytes?: number;
    /** SCALE1: join the relays on this Redis (with `redisPrefix`, so test runs never hear each other). */
    redisUrl?: string;
    redisPrefix?: string;
    /** Where the relay's log lines go; nowhere by default. */
    logger?: Logger;
    /** SEMV5: search by meaning too (off by default: most tests are about words, and the model costs ~1 s). */
    semantic?: SemanticSettings;
    /** How the relay is reached (a public https URL, a trusted proxy); a relay on loopback alone by default. */
    edge?: Partial<EdgeSettings>;
  } = {},
): Promise<TestRelay> {
  const relay = await startRelay({
    database,
    port: 0,
    host: '127.0.0.1',
    webDir: overrides.webDir ?? '/nonexistent-web-dir',
    logger: overrides.logger ?? silentLogger,
    storeDebounceMs: overrides.storeDebounceMs ?? 50,
    clock: overrides.clock,
    versionSettings: overrides.versionSettings,
    passwordCost: TEST_PASSWORD_COST,
    // Tests poll `/mcp` until the index catches up; the real limit has a test of its own.
    mcpRateLimit: overrides.mcpRateLimit ?? { perSecond: 1000, burst: 1000 },
    attachmentsDir: overrides.attachmentsDir,
    maxAttachmentBytes: overrides.maxAttachmentBytes,
    redisUrl: overrides.redisUrl,
    redisPrefix: overrides.redisPrefix,
    semantic: overrides.semantic,
    edge: overrides.edge && { ...LOCAL_EDGE, ...overrides.edge },
  });
  return Object.assign(relay, { token: await ownerToken(relay) });
}

/** Signs up (a fresh database) or in (a restarted one) as TEST_OWNER and mints a token for `default`. */
async function ownerToken(relay: Relay): Promise<string> {
  const cookie = await sessionCookie(relay.httpUrl, TEST_OWNER);
  const response = await fetch(`${relay.httpUrl}/api/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: 'tests', vaultId: 'default' }),
  });
  if (response.status !== 201) throw new Error(`test token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { secret: string }).secret;
}

/** The `Cookie` header of a new session for `person`, signing them up first when sign-up is open. */
export async function sessionCookie(httpUrl: string, person: { email: string; password: string }): Promise<string> {
  const post = (path: string) =>
    fetch(`${httpUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(person),
    });
  let response = await post('/api/auth/signup');
  if (response.status !== 201) response = await post('/api/auth/signin');
  if (!response.ok) throw new Error(`sign-in of ${person.email}: ${response.status} ${await response.text()}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** `fetch` on the relay as its owner's token (what every test that is not about access uses). */
export function authedFetch(relay: TestRelay, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${relay.token}`);
  return fetch(`${relay.httpUrl}${path}`, { ...init, headers });
}

/** `fetch` on the relay with the admin key (`/api/admin/*`). */
export function adminFetch(relay: Relay, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${relay.adminKey}`);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  return fetch(`${relay.httpUrl}${path}`, { ...init, headers });
}
