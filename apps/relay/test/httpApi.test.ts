import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIMITS } from '@baalda/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Relay } from '../src/server/startRelay';
import { readBody } from './apiBody';
import { pgliteBackend } from './backends';
import { startTestRelay } from './relays';

function postJson(url: string, body: string, contentType = 'application/json'): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'Content-Type': contentType }, body });
}

// fetch() normalizes `..` away, so traversal attempts go out through node:http untouched.
function getRawPath(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

describe('HTTP API and web app', () => {
  let relay: Relay;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    const webDir = await mkdtemp(join(tmpdir(), 'baalda-web-'));
    await mkdir(join(webDir, '_next', 'static'), { recursive: true });
    await writeFile(join(webDir, 'index.html'), '<!doctype html><title>Baalda</title>');
    await writeFile(join(webDir, '404.html'), '<!doctype html><title>Not found</title>');
    await writeFile(join(webDir, '_next', 'static', 'app.js'), 'console.log(1)');
    await writeFile(join(webDir, '..', 'secret.txt'), 'outside the web dir');
    relay = await startTestRelay(database.target, { webDir });
  });

  afterAll(async () => {
    await relay.close();
    await dispose();
  });

  it('[REG1] registering a note is idempotent and the list shows it', async () => {
    const body = JSON.stringify({ docId: 'bobsOfflineNote_0001', createdAt: Date.UTC(2026, 10, 1) });
    const first = await postJson(`${relay.httpUrl}/api/notes`, body);
    expect(first.status).toBe(201);
    const again = await postJson(`${relay.httpUrl}/api/notes`, body);
    expect(again.status).toBe(200);
    const list = await readBody(await fetch(`${relay.httpUrl}/api/notes`));
    expect(list.notes).toEqual([
      {
        docId: 'bobsOfflineNote_0001',
        title: 'Untitled',
        createdAt: Date.UTC(2026, 10, 1),
        updatedAt: expect.any(Number),
      },
    ]);
  });

  it.each([
    ['not JSON', '{nope', 'REQUEST_INVALID', 400],
    ['an array', '[]', 'REQUEST_INVALID', 400],
    ['a bad docId', JSON.stringify({ docId: '../x', createdAt: Date.now() }), 'REQUEST_INVALID', 400],
    [
      'a far-future createdAt',
      JSON.stringify({ docId: 'carolsNoteFromFuture', createdAt: 4e12 }),
      'REQUEST_INVALID',
      400,
    ],
    ['an oversized body', JSON.stringify({ pad: 'x'.repeat(LIMITS.maxRequestBodyBytes) }), 'REQUEST_TOO_LARGE', 413],
  ])(
    '[REG1, LIM3] a registration with %s is refused with %s and writes nothing',
    async (_label, body, code, status) => {
      const before = await readBody(await fetch(`${relay.httpUrl}/api/notes`));
      const response = await postJson(`${relay.httpUrl}/api/notes`, body);
      expect(response.status).toBe(status);
      expect((await readBody(response)).error?.code).toBe(code);
      expect(await readBody(await fetch(`${relay.httpUrl}/api/notes`))).toEqual(before);
    },
  );

  it('[HTTP1] a registration that is not JSON-typed is refused', async () => {
    const response = await postJson(`${relay.httpUrl}/api/notes`, '{}', 'text/plain');
    expect(response.status).toBe(400);
    expect((await readBody(response)).error?.message).toMatch(/Content-Type/);
  });

  it('[HTTP2] unknown API routes and wrong methods get JSON errors', async () => {
    const missing = await fetch(`${relay.httpUrl}/api/nope`);
    expect([missing.status, (await readBody(missing)).error?.code]).toEqual([404, 'NOT_FOUND']);
    const wrongMethod = await fetch(`${relay.httpUrl}/api/notes`, { method: 'DELETE' });
    expect([wrongMethod.status, wrongMethod.headers.get('allow')]).toEqual([405, 'GET, HEAD, POST']);
  });

  it('[HTTP3] serves the web app, caches hashed assets forever and pages never', async () => {
    const page = await fetch(`${relay.httpUrl}/?note=abc`);
    expect([page.status, page.headers.get('cache-control')]).toEqual([200, 'no-cache']);
    expect(await page.text()).toContain('<title>Baalda</title>');
    const asset = await fetch(`${relay.httpUrl}/_next/static/app.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(`${relay.httpUrl}/no/such/page`);
    expect([missing.status, await missing.text()]).toEqual([404, '<!doctype html><title>Not found</title>']);
  });

  it('[HTTP4] paths that climb out of the web directory are never served', async () => {
    expect(await getRawPath(relay.port, '/../secret.txt')).toBe(404);
    expect(await getRawPath(relay.port, '/%2e%2e/secret.txt')).toBe(404);
    expect(await getRawPath(relay.port, '/%00')).toBe(404);
    expect(await getRawPath(relay.port, '/%E0%A4%A')).toBe(400);
  });
});
