import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteBackend } from '../backends';
import { postMcp } from '../mcpClients';
import { authedFetch, startTestRelay, type TestRelay } from '../relays';

// The two scripts a static Next export inlines (its flight data), byte for byte as they sit in the page.
const BOOT = '(self.__next_f=self.__next_f||[]).push([0])';
const FLIGHT = 'self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n"])';
const PAGE = `<!DOCTYPE html><html><head><script src="/_next/static/chunks/main.js" async=""></script></head><body><p>the app</p><script>${BOOT}</script><script>${FLIGHT}</script></body></html>`;
const NOT_FOUND_SCRIPT = 'self.__next_f.push([1,"404"])';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

// What a stored XSS or an injected markup would lean on: a browser that runs inline script the page never
// shipped, or that reads an API answer as a script or a page because it guessed its type.
describe('pages and answers a browser can’t be tricked with (HTTP16, HTTP17)', () => {
  let relay: TestRelay;
  let webDir: string;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    webDir = await mkdtemp(join(tmpdir(), 'baalda-csp-'));
    await writeFile(join(webDir, 'index.html'), PAGE);
    await writeFile(join(webDir, '404.html'), `<html><body><script>${NOT_FOUND_SCRIPT}</script></body></html>`);
    await writeFile(join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    relay = await startTestRelay(database.target, { webDir });
  });

  afterAll(async () => {
    await relay.close();
    await dispose();
    await rm(webDir, { recursive: true, force: true });
  });

  it('[HTTP16] every JSON answer says nosniff: routes, errors, OAuth and MCP', async () => {
    const answers = {
      health: await fetch(`${relay.httpUrl}/api/health`),
      error: await fetch(`${relay.httpUrl}/api/no-such-route`),
      unauthenticated: await fetch(`${relay.httpUrl}/api/tokens`),
      tree: await authedFetch(relay, '/api/vaults/default/tree'),
      oauthMetadata: await fetch(`${relay.httpUrl}/.well-known/oauth-authorization-server`),
      oauthError: await fetch(`${relay.httpUrl}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      token: await fetch(`${relay.httpUrl}/token`, { method: 'POST' }),
      mcp: await postMcp(
        relay.httpUrl,
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        { authorization: `Bearer ${relay.token}` },
      ),
      mcpRefused: await postMcp(relay.httpUrl, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, {}),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.headers.get('content-type'), name).toMatch(/json|event-stream/);
      expect(answer.headers.get('x-content-type-options'), name).toBe('nosniff');
    }
  });

  it('[HTTP17] a page runs only the inline scripts it shipped: script-src names each by hash, never unsafe-inline', async () => {
    const page = await fetch(`${relay.httpUrl}/`);
    expect(await page.text()).toBe(PAGE);
    const policy = page.headers.get('content-security-policy') ?? '';
    const scripts = directive(policy, 'script-src');
    expect(scripts).toEqual(["'self'", "'wasm-unsafe-eval'", sha256(BOOT), sha256(FLIGHT)]);
    expect(policy).not.toContain('unsafe-inline');
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'none'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);

    const missing = await fetch(`${relay.httpUrl}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(directive(missing.headers.get('content-security-policy') ?? '', 'script-src')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      sha256(NOT_FOUND_SCRIPT),
    ]);
    // A worker's policy is its script's: the service worker runs same-origin code and WebAssembly, no inline.
    const worker = await fetch(`${relay.httpUrl}/sw.js`);
    expect(directive(worker.headers.get('content-security-policy') ?? '', 'script-src')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
    ]);
  });
});

/** The sources of one directive of a Content-Security-Policy, in order; empty when it is absent. */
function directive(policy: string, name: string): string[] {
  const found = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return found ? found.slice(1) : [];
}
