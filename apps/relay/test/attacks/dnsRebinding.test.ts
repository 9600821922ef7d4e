import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD_COST } from '../../src/access/passwords';
import { type Relay, startRelay } from '../../src/app/startRelay';
import { silentLogger } from '../../src/support/logger';
import { pgliteBackend } from '../backends';
import { requestWithHost, upgradeStatusWithHost } from '../hostRequests';

// A web page at rebind.attacker.example makes its DNS name point at 127.0.0.1 once loaded: the browser then
// sends the page's requests to the relay, same-origin as far as it knows, with `Host` and `Origin` both naming
// the attacker's site, so the Origin check (which compares the two) lets them through.
const ATTACKER = 'rebind.attacker.example';

describe('a DNS-rebinding page (HTTP15)', () => {
  let relay: Relay;
  let webDir: string;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    webDir = await mkdtemp(join(tmpdir(), 'baalda-rebind-'));
    await writeFile(join(webDir, 'index.html'), '<html>the app</html>');
    relay = await startRelay({
      database: database.target,
      port: 0,
      host: '127.0.0.1',
      webDir,
      logger: silentLogger,
      passwordCost: TEST_PASSWORD_COST,
      edge: {
        publicUrl: new URL('https://notes.example.org'),
        trustProxy: false,
        allowedHosts: ['notes.internal'],
      },
    });
  });

  afterAll(async () => {
    await relay.close();
    await dispose();
    await rm(webDir, { recursive: true, force: true });
  });

  const attackerHost = () => `${ATTACKER}:${relay.port}`;
  const signUp = (host: string) =>
    requestWithHost(relay.port, host, {
      method: 'POST',
      path: '/api/auth/signup',
      headers: { 'content-type': 'application/json', origin: `http://${host}` },
      body: JSON.stringify({ email: 'mallory@attacker.example', password: 'mallory takes the relay' }),
    });

  it('[HTTP15] can’t claim the first account (the admin) of a fresh relay', async () => {
    const claimed = await signUp(attackerHost());
    expect(claimed.status).toBe(421);
    expect(JSON.parse(claimed.text)).toMatchObject({ error: { code: 'HOST_NOT_ALLOWED' } });
    // The relay is still fresh: its own page, on its own address, makes the first account.
    expect((await signUp(`127.0.0.1:${relay.port}`)).status).toBe(201);
  });

  it('[HTTP15] can’t open the sync socket, nor read the app, the API, MCP or OAuth', async () => {
    expect(await upgradeStatusWithHost(relay.port, attackerHost(), { origin: `http://${attackerHost()}` })).toBe(421);
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/api/health'],
      ['GET', '/api/auth/me'],
      ['POST', '/mcp'],
      ['GET', '/.well-known/oauth-authorization-server'],
      ['POST', '/register'],
    ] as const) {
      const answer = await requestWithHost(relay.port, attackerHost(), { method, path });
      expect(answer.status, `${method} ${path}`).toBe(421);
      expect(answer.text, `${method} ${path}`).not.toContain('the app');
    }
  });

  it('[HTTP15] names that only look like the relay’s are refused too', async () => {
    for (const host of [
      'notes.example.org.attacker.example',
      'localhost.attacker.example',
      'attacker.example',
      'notes.internal.attacker.example',
      '127.0.0.1.nip.io',
    ]) {
      expect((await requestWithHost(relay.port, host, { path: '/api/health' })).status, host).toBe(421);
    }
  });

  it('[HTTP15] loopback names, IP addresses, the public URL’s host and BAALDA_ALLOWED_HOSTS are served, on any port', async () => {
    for (const host of [
      `127.0.0.1:${relay.port}`,
      'localhost',
      'LOCALHOST:1',
      '[::1]:8787',
      'app.localhost:3000',
      '192.0.2.9',
      '[2001:db8::1]:443',
      'notes.example.org',
      'notes.example.org:8443',
      'NOTES.internal',
    ]) {
      expect((await requestWithHost(relay.port, host, { path: '/api/health' })).status, host).toBe(200);
    }
    expect(await upgradeStatusWithHost(relay.port, `localhost:${relay.port}`)).toBe(101);
  });
});
