import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIMITS } from '@baalda/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextOpId, postOps, readBody } from './apiBody';
import { pgliteBackend } from './backends';
import { authedFetch, startTestRelay, type TestRelay } from './relays';

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
  let relay: TestRelay;
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

  it('[OP2, CN1] ops answer one outcome each, and the tree shows the result', async () => {
    const createdAt = Date.UTC(2026, 10, 1);
    const response = await postOps(relay, [
      { opId: nextOpId(), kind: 'createNote', docId: 'alicesIdeasNote_0001', path: 'Ideas.md', createdAt },
      { opId: nextOpId(), kind: 'createNote', docId: 'bobsIdeasNote_00001', path: 'ideas.md', createdAt },
      { opId: nextOpId(), kind: 'moveNote', docId: 'alicesIdeasNote_0001', path: 'Ideas (conflict 2026-11-01).md' },
    ]);
    expect(response.status).toBe(200);
    const body = await readBody(response);
    expect(body.results?.map((result) => (result.ok ? result.path : result.code))).toEqual([
      'Ideas.md',
      'ideas (conflict 2026-11-01).md',
      'PATH_TAKEN',
    ]);
    const tree = await readBody(await authedFetch(relay, `/api/vaults/default/tree`));
    expect(tree.notes?.map((note) => [note.path, note.title, note.conflictOf])).toEqual([
      ['ideas (conflict 2026-11-01).md', 'ideas (conflict 2026-11-01)', 'alicesIdeasNote_0001'],
      ['Ideas.md', 'Ideas', null],
    ]);
    expect(tree.version).toBe(body.version);
  });

  it.each([
    ['not JSON', 'REQUEST_INVALID', 400, '{nope'],
    ['an empty batch', 'OP_INVALID', 400, JSON.stringify({ ops: [] })],
    ['an unknown kind', 'OP_INVALID', 400, JSON.stringify({ ops: [{ opId: 'carolsOpId_00000001', kind: 'format' }] })],
    [
      'a bad docId',
      'OP_INVALID',
      400,
      JSON.stringify({ ops: [{ opId: 'carolsOpId_00000002', kind: 'trashNote', docId: '../x' }] }),
    ],
    ['an oversized body', 'REQUEST_TOO_LARGE', 413, JSON.stringify({ pad: 'x'.repeat(LIMITS.maxRequestBodyBytes) })],
  ])('[OP1, LIM3] a batch with %s is refused whole with %s and writes nothing', async (_label, code, status, body) => {
    const before = await readBody(await authedFetch(relay, `/api/vaults/default/tree`));
    const response = await authedFetch(relay, `/api/vaults/default/ops`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(response.status).toBe(status);
    expect((await readBody(response)).error?.code).toBe(code);
    expect(await readBody(await authedFetch(relay, `/api/vaults/default/tree`))).toEqual(before);
  });

  it.each([
    ['a/../b.md', 'PATH2'],
    ['bad:name.md', 'PATH5'],
    ['Trailing./x.md', 'PATH6'],
    ['a//b.md', 'PATH1'],
    ['back\\slash.md', 'PATH4'],
    ['notes.txt', 'PATH8'],
  ])('[PATH*] creating %s is refused naming %s, and nothing is written', async (path, rule) => {
    const before = await readBody(await authedFetch(relay, `/api/vaults/default/tree`));
    const createdAt = Date.UTC(2026, 10, 1);
    const body = await readBody(
      await postOps(relay, [{ opId: nextOpId(), kind: 'createNote', docId: 'carolsBadPathNote_01', path, createdAt }]),
    );
    expect(body.results?.[0]).toMatchObject({
      ok: false,
      code: 'PATH_INVALID',
      rule,
      message: expect.stringMatching(new RegExp(`^${rule}: `)),
    });
    const after = await readBody(await authedFetch(relay, `/api/vaults/default/tree`));
    expect(after).toEqual(before);
  });

  it('[HTTP1] an ops batch that is not JSON-typed is refused', async () => {
    const response = await authedFetch(relay, `/api/vaults/default/ops`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect((await readBody(response)).error?.message).toMatch(/Content-Type/);
  });

  it('[DOC3] an unknown vault is 404 VAULT_NOT_FOUND', async () => {
    const response = await authedFetch(relay, `/api/vaults/elsewhere/tree`);
    expect([response.status, (await readBody(response)).error?.code]).toEqual([404, 'VAULT_NOT_FOUND']);
  });

  it('[HTTP2] unknown API routes and wrong methods get JSON errors', async () => {
    const missing = await authedFetch(relay, `/api/nope`);
    expect([missing.status, (await readBody(missing)).error?.code]).toEqual([404, 'NOT_FOUND']);
    const wrongMethod = await authedFetch(relay, `/api/vaults/default/tree`, { method: 'DELETE' });
    expect([wrongMethod.status, wrongMethod.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  it('[HTTP3] serves the web app, caches hashed assets forever and pages never, and never in a frame', async () => {
    const page = await authedFetch(relay, `/?note=abc`);
    expect([page.status, page.headers.get('cache-control')]).toEqual([200, 'no-cache']);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await page.text()).toContain('<title>Baalda</title>');
    const asset = await authedFetch(relay, `/_next/static/app.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await authedFetch(relay, `/no/such/page`);
    expect([missing.status, await missing.text()]).toEqual([404, '<!doctype html><title>Not found</title>']);
  });

  it('[HTTP4] paths that climb out of the web directory are never served', async () => {
    expect(await getRawPath(relay.port, '/../secret.txt')).toBe(404);
    expect(await getRawPath(relay.port, '/%2e%2e/secret.txt')).toBe(404);
    expect(await getRawPath(relay.port, '/%00')).toBe(404);
    expect(await getRawPath(relay.port, '/%E0%A4%A')).toBe(400);
  });
});
