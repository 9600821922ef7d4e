import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ApiResponse, createApiClient, pathFor, requestFor } from './apiClient';
import { declareRoute, paramNamesOf } from './apiRoute';
import { API, API_ROUTES } from './apiRoutes';
import { buildOpenApiDocument } from './openApiDocument';

const response = (status: number, body: unknown, headers: Record<string, string> = {}): ApiResponse => ({
  status,
  text: typeof body === 'string' ? body : JSON.stringify(body),
  header: (name) => headers[name.toLowerCase()] ?? null,
});

describe('the API declarations', () => {
  it('[API1] every route has a unique name and a unique method and path', () => {
    const names = API_ROUTES.map((route) => route.name);
    const pairs = API_ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const [key, route] of Object.entries(API)) expect(route.name).toBe(key);
  });

  it('[API1] a path and its declared params name the same things, or the declaration throws', () => {
    for (const route of API_ROUTES) expect(Object.keys(route.params)).toEqual(paramNamesOf(route.path));
    const mismatched = () =>
      declareRoute({
        name: 'broken',
        method: 'GET',
        path: '/api/things/{thingId}',
        params: { other: { pattern: '[^/]+', description: 'x' } } as never,
        auth: 'public',
        summary: 'x',
        answers: { 204: { kind: 'empty' } },
      });
    expect(mismatched).toThrow(/thingId/);
  });

  it("[API1, CT1] a body's documented fields are the fields its relay schema reads", () => {
    for (const route of API_ROUTES) {
      if (route.body?.kind !== 'json' || !route.body.parse) continue;
      const wire = route.body.wire;
      const wireFields = wire instanceof z.ZodObject ? Object.keys(wire.shape).sort() : [];
      expect(fieldsReadBy(route.body.parse), route.name).toEqual(wireFields);
    }
  });
});

// The fields a body schema reads: a fields body (requestBodies.ts) is a pipe into an object schema; a
// loose `{}` body reads none.
function fieldsReadBy(schema: z.ZodType): string[] {
  const inner = (schema as unknown as { _zod: { def: { out?: z.ZodType } } })._zod.def.out ?? schema;
  return inner instanceof z.ZodObject ? Object.keys(inner.shape).sort() : [];
}

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument(API_ROUTES, '0.1.0') as {
    openapi: string;
    paths: Record<string, Record<string, { operationId: string; parameters: { name: string; in: string }[] }>>;
  };

  it('[API3] lists every route once under its path and method, HEAD beside the GETs that answer it', () => {
    expect(document.openapi).toBe('3.1.0');
    for (const route of API_ROUTES) {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()];
      expect(operation?.operationId, route.name).toBe(route.name);
      if (route.head) expect(document.paths[route.path]?.head?.operationId).toBe(`${route.name}Head`);
    }
  });

  it('[API3] names every path param and query param of a route', () => {
    const operation = document.paths['/api/vaults/{vaultId}/search']?.get;
    expect(operation?.parameters.map((param) => `${param.in}:${param.name}`)).toEqual([
      'path:vaultId',
      'query:q',
      'query:limit',
      'query:folder',
      'query:kind',
    ]);
  });
});

describe('the typed client', () => {
  it('[API2] fills in and encodes params and the query, and sends a JSON body', () => {
    expect(pathFor(API.search, { params: { vaultId: 'a b' }, query: { q: 'x&y', limit: 5, kind: undefined } })).toBe(
      '/api/vaults/a%20b/search?q=x%26y&limit=5',
    );
    const request = requestFor(API.setRole, { params: { vaultId: 'v', userId: 'u' }, body: { role: 'viewer' } });
    expect(request).toEqual({
      method: 'PUT',
      path: '/api/vaults/v/members/u',
      headers: { 'content-type': 'application/json' },
      body: '{"role":"viewer"}',
    });
  });

  it('[API2, CT1] reads an answer with the schema of its status; one that breaks it says where', async () => {
    const good = createApiClient(async () => response(200, { vaults: [{ id: 'v', name: 'V', role: 'owner' }] }));
    expect(await good.call(API.listVaults, {})).toEqual({
      ok: true,
      status: 200,
      answer: { vaults: [{ id: 'v', name: 'V', role: 'owner' }] },
    });
    const broken = createApiClient(async () => response(200, { vaults: [{ id: 'v', name: 'V', role: 'king' }] }));
    const result = await broken.call(API.listVaults, {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result).toMatchObject({ code: 'RESPONSE_INVALID', message: /vaults\.0\.role/ });
  });

  it("[API2, HTTP2] a refusal keeps the relay's code, message, status and Retry-After", async () => {
    const throttled = createApiClient(async () =>
      response(429, { error: { code: 'TOO_MANY_ATTEMPTS', message: 'Wait.' } }, { 'retry-after': '3' }),
    );
    expect(await throttled.call(API.signIn, { body: { email: 'a@b.c', password: 'x' } })).toEqual({
      ok: false,
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Wait.',
      status: 429,
      retryAfter: '3',
    });
    const proxy = createApiClient(async () => response(502, '<html>Bad gateway</html>'));
    expect(await proxy.call(API.health, {})).toMatchObject({ ok: false, code: 'RESPONSE_INVALID', status: 502 });
  });

  it("[API2] an empty answer is undefined, and a transport's own failure passes through with status 0", async () => {
    const empty = createApiClient(async () => response(204, ''));
    expect(await empty.call(API.signOut, {})).toEqual({ ok: true, status: 204, answer: undefined });
    const offline = createApiClient(async () => ({ ok: false, code: 'NETWORK_UNAVAILABLE', message: 'Offline.' }));
    expect(await offline.call(API.health, {})).toMatchObject({ ok: false, code: 'NETWORK_UNAVAILABLE', status: 0 });
  });

  it('[API2] sends the headers it was made with', async () => {
    const seen: Record<string, string>[] = [];
    const client = createApiClient(
      async (request) => {
        seen.push({ ...request.headers });
        return response(200, { tokens: [] });
      },
      { authorization: 'Bearer k' },
    );
    await client.call(API.adminListTokens, {});
    expect(seen).toEqual([{ authorization: 'Bearer k' }]);
  });
});
