import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiContext, ROUTE_TABLES } from '../src/app/apiRoutes';
import type { Route } from '../src/routing/callerRoutes';
import { VAULT_ROUTES } from '../src/vault/vaultRoutes';
import { pgliteBackend } from './backends';
import { adminFetch, authedFetch, startTestRelay, type TestRelay } from './relays';

const ROUTES: readonly Route<ApiContext>[] = Object.values(ROUTE_TABLES).flat();
const METHODS = ['PUT', 'DELETE', 'POST', 'GET'] as const;
// The vault the test token may use, a doc id of the right shape, and anything else.
const SAMPLE_PARAMS = ['default', 'alicesIdeasNote_0001', 'v1'];

// A path each route's pattern matches, its groups filled with SAMPLE_PARAMS in order.
function samplePath(pattern: RegExp): string {
  let group = 0;
  return pattern.source
    .replace(/^\^|\$$/g, '')
    .replace(/\([^)]*\)/g, () => SAMPLE_PARAMS[group++] ?? 'x')
    .replace(/\\(.)/g, '$1');
}

function methodsAt(path: string): string[] {
  return [...new Set(ROUTES.filter((route) => route.pattern.test(path)).map((route) => route.method))];
}

describe('the route tables', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
  });

  afterAll(async () => {
    await relay.close();
    await dispose();
  });

  it('[HTTP13] every method and pattern pair is in one table only, once', () => {
    const pairs = ROUTES.map((route) => `${route.method} ${route.pattern.source}`);
    expect(pairs.length).toBeGreaterThan(30);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('[HTTP13] every route declares who may call it', () => {
    const kinds = new Set(['public', 'session', 'any', 'vault', 'admin']);
    expect(ROUTES.filter((route) => !kinds.has(route.auth))).toEqual([]);
  });

  it('[HTTP13, HTTP2] a wrong method on each route answers 405 with the methods of its path in Allow', async () => {
    for (const route of ROUTES) {
      const path = samplePath(route.pattern);
      expect(route.pattern.test(path), path).toBe(true);
      const allowed = methodsAt(path);
      const wrong = METHODS.find((method) => !allowed.includes(method)) ?? 'PATCH';
      const send = route.auth === 'admin' ? adminFetch : authedFetch;
      const response = await send(relay, path, { method: wrong });
      const body = (await response.json()) as { error?: { code?: string } };
      expect([response.status, response.headers.get('allow'), body.error?.code], `${wrong} ${path}`).toEqual([
        405,
        allowed.join(', '),
        'METHOD_NOT_ALLOWED',
      ]);
    }
  });

  it('[HTTP13] GET /api/vaults/default/tree is served by the vault table, for a caller of that vault', async () => {
    const path = '/api/vaults/default/tree';
    const served = VAULT_ROUTES.filter((route) => route.method === 'GET' && route.pattern.test(path));
    expect(served.map((route) => route.auth)).toEqual(['vault']);
    const tree = await authedFetch(relay, path);
    expect([tree.status, Array.isArray(((await tree.json()) as { notes?: unknown }).notes)]).toEqual([200, true]);
    const stranger = await fetch(`${relay.httpUrl}${path}`);
    expect([stranger.status, stranger.headers.get('www-authenticate')]).toEqual([401, 'Bearer realm="baalda"']);
    const elsewhere = await authedFetch(relay, '/api/vaults/someone-elses/tree');
    expect([elsewhere.status, ((await elsewhere.json()) as { error: { code: string } }).error.code]).toEqual([
      404,
      'VAULT_NOT_FOUND',
    ]);
  });

  it('[HTTP13, ACC10] an unknown admin path is named only to the admin; an unknown API path to anyone', async () => {
    const unknownAdmin = await fetch(`${relay.httpUrl}/api/admin/nothing`);
    expect(unknownAdmin.status).toBe(401);
    const named = await adminFetch(relay, '/api/admin/nothing');
    expect([named.status, ((await named.json()) as { error: { message: string } }).error.message]).toEqual([
      404,
      'No admin route at /api/admin/nothing.',
    ]);
    const unknownApi = await fetch(`${relay.httpUrl}/api/nothing`);
    expect([unknownApi.status, ((await unknownApi.json()) as { error: { message: string } }).error.message]).toEqual([
      404,
      'No API route at /api/nothing.',
    ]);
  });
});
