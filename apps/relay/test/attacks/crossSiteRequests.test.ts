import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { pgliteBackend } from '../backends';
import { addPerson, type Person } from '../people';
import { startTestRelay, type TestRelay } from '../relays';

// A page on another site (or another port of localhost, which browsers count as the same site and send
// SameSite=Lax cookies to) opens the relay's sync socket or calls its API with the visitor's cookie.
describe('[ACC8] a web page on another origin can neither open the sync socket nor read an answer', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let alice: Person;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    alice = await addPerson(relay, 'alice', 'editor');
  });

  afterAll(async () => {
    await relay.close();
    await dispose();
  });

  async function upgradeStatus(origin: string): Promise<number> {
    const socket = new WebSocket(relay.syncUrl, { headers: { origin, cookie: alice.cookie } });
    socket.on('error', () => {});
    const outcome = await Promise.race([
      once(socket, 'open').then(() => 101),
      once(socket, 'unexpected-response').then(([, response]) => (response as IncomingMessage).statusCode ?? 0),
    ]);
    socket.terminate();
    return outcome;
  }

  it('[ACC8] a sync socket opened with the visitor’s cookie from another origin is refused before it opens', async () => {
    expect(await upgradeStatus('https://evil.example')).toBe(403);
    expect(await upgradeStatus('http://localhost:3000')).toBe(403);
    expect(await upgradeStatus('null')).toBe(403);
    expect(await upgradeStatus(new URL(relay.httpUrl).origin)).toBe(101);
  });

  it('[ACC8] no answer lets another origin read it: no CORS headers, preflights get none either', async () => {
    const read = await fetch(`${relay.httpUrl}/api/vaults/default/tree`, {
      headers: { origin: 'https://evil.example', cookie: alice.cookie },
    });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    expect(read.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await fetch(`${relay.httpUrl}/api/tokens`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
    const mcp = await fetch(`${relay.httpUrl}/mcp`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(mcp.headers.get('access-control-allow-origin')).toBeNull();
  });
});
