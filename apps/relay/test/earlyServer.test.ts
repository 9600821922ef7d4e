import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, test } from 'vitest';
import { type EarlyServer, listenEarly } from '../src/app/earlyServer';
import { sendJson } from '../src/http/httpErrors';
import { LOCAL_EDGE } from '../src/support/edgeSettings';
import { requestWithHost, upgradeStatusWithHost } from './hostRequests';
import { recordingLogger } from './relayWarnings';

/** The status line a WebSocket upgrade request gets back. */
function upgradeStatus(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({
      port,
      host: '127.0.0.1',
      path: '/sync',
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    });
    request.once('response', (response) => resolve(response.statusCode ?? 0));
    request.once('upgrade', (response) => resolve(response.statusCode ?? 0));
    request.once('error', reject);
    request.end();
  });
}

const destroyUpgrade = (_request: unknown, socket: Duplex) => socket.destroy();

describe('the relay listens before its database is open (HTTP12)', () => {
  let webDir: string;
  let early: EarlyServer | undefined;

  afterEach(async () => {
    await early?.fail();
    early = undefined;
    await rm(webDir, { recursive: true, force: true });
  });

  async function start(): Promise<{ early: EarlyServer; url: string }> {
    webDir = await mkdtemp(join(tmpdir(), 'baalda-early-'));
    await writeFile(join(webDir, 'index.html'), '<html>the app</html>');
    early = await listenEarly({ port: 0, host: '127.0.0.1', webDir, logger: recordingLogger([]), edge: LOCAL_EDGE });
    return { early, url: `http://127.0.0.1:${early.port}` };
  }

  test('[HTTP12] the web app is served at once; an API call waits and is answered by the relay once it opens', async () => {
    const { early, url } = await start();
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('the app');
    let answered = false;
    const health = fetch(`${url}/api/health`).then((response) => {
      answered = true;
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    early.open((_request, response) => sendJson(response, 200, { ok: true }), destroyUpgrade);
    const response = await health;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  test('[HTTP14] a keep-alive connection idle for longer than Node’s default 5 s is still open for the next request', async () => {
    const { early } = await start();
    early.open((_request, response) => sendJson(response, 200, { ok: true }), destroyUpgrade);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await getThrough(agent, early.port);
      // Past Node's 5 s and the second it adds before closing.
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      const second = await getThrough(agent, early.port);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  }, 15_000);

  test('[HTTP12] a sync socket is answered 503 until the relay opens, and nothing else is said to it', async () => {
    const { early } = await start();
    expect(await upgradeStatus(early.port)).toBe(503);
  });

  test('[HTTP15] while the relay starts, a request or upgrade naming another host gets neither the app nor a wait', async () => {
    const { early } = await start();
    for (const path of ['/', '/api/health']) {
      const answer = await requestWithHost(early.port, 'rebind.attacker.example', { path });
      expect(answer.status, path).toBe(421);
      expect(answer.text, path).not.toContain('the app');
    }
    expect(await upgradeStatusWithHost(early.port, 'rebind.attacker.example')).toBe(421);
    expect((await requestWithHost(early.port, 'localhost', { path: '/' })).status).toBe(200);
  });

  test('[HTTP12] a relay that cannot start answers the held calls 503 RELAY_STARTING with Retry-After', async () => {
    const { early, url } = await start();
    const held = fetch(`${url}/api/vaults`, { method: 'POST', body: '{}' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await early.fail();
    const response = await held;
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('RELAY_STARTING');
  });
});

/** A GET of /api/health through `agent`: its status and the socket it went over. */
function getThrough(agent: Agent, port: number): Promise<{ status: number; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path: '/api/health', agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, socket: request.socket as Socket }));
    });
    request.on('error', reject).end();
  });
}
