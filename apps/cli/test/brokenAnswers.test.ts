import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, describe, expect, inject } from 'vitest';

const CLI = inject('cliBundle');
const TOKEN = `baalda_pat_${'a'.repeat(43)}`;
const ADMIN_KEY = 'k'.repeat(43);
const NOT_UNDERSTOOD = 'The relay sent an answer this CLI does not understand';

/** What the test double answers to one route: a status and a body (JSON, or lines of NDJSON as given). */
type Answer = { status: number; body: unknown; contentType?: string };
type Routes = Record<string, Answer>;

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

interface Double {
  /** Starts a relay double on 127.0.0.1, port 0, answering `routes` (`'GET /api/…'`) and 404 otherwise. */
  serve(routes: Routes): Promise<string>;
  run(relay: string, ...args: string[]): Promise<CliRun>;
  keyFile: string;
}

function answerWith(routes: Routes) {
  return (request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    const route = `${request.method} ${new URL(request.url ?? '/', 'http://x').pathname}`;
    const answer = routes[route] ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: route } } };
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    response.writeHead(answer.status, { 'content-type': answer.contentType ?? 'application/json' });
    response.end(text);
  };
}

// A tiny real HTTP server in place of the relay: it answers the CLI's requests with a field broken.
const test = base.extend<{ double: Double }>({
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its pattern
  double: async ({}, use) => {
    const servers: Array<ReturnType<typeof createServer>> = [];
    const dir = await mkdtemp(join(tmpdir(), 'baalda-broken-'));
    const keyFile = join(dir, 'admin.key');
    await writeFile(keyFile, `${ADMIN_KEY}\n`, { mode: 0o600 });
    await use({
      keyFile,
      async serve(routes) {
        const server = createServer(answerWith(routes));
        servers.push(server);
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      },
      run: (relay, ...args) => runCli(relay, args),
    });
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await rm(dir, { recursive: true, force: true });
  },
});

// The double's address comes as BAALDA_RELAY_URL, which every command reads (`mirror` and `mcp-stdio`
// name the flag --url).
function runCli(relay: string, args: string[]): Promise<CliRun> {
  const env = { ...process.env, BAALDA_TOKEN: TOKEN, BAALDA_RELAY_URL: relay };
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const NOTE = { docId: 'a'.repeat(21), path: 'a.md', title: 'a', createdAt: 1, updatedAt: 1, deletedAt: null };
const TOKEN_ROW = {
  id: 't1',
  userId: 'u1',
  email: 'alice@baalda.test',
  name: 'laptop',
  vaultId: 'default',
  readOnly: false,
  createdAt: '2026-12-01T00:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  oauthClient: null,
};

describe('answers the CLI does not understand', () => {
  test('[CLI7] `tree` given a note whose path is a number says so in one line and exits 1', async ({ double }) => {
    const notes = [{ ...NOTE, path: 42, conflictOf: null }];
    const relay = await double.serve({
      'GET /api/vaults/default/tree': { status: 200, body: { version: 1, notes, folders: [], explicitFolders: [] } },
    });
    const run = await double.run(relay, 'tree');
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: `${NOT_UNDERSTOOD} (GET /api/vaults/default/tree): notes[0].path: must be a string.\n`,
    });
  });

  test('[CLI7] `token list` given a token without its id names the field and exits 1', async ({ double }) => {
    const { id: _id, ...withoutId } = TOKEN_ROW;
    const relay = await double.serve({ 'GET /api/admin/tokens': { status: 200, body: { tokens: [withoutId] } } });
    const run = await double.run(relay, '--admin-key-file', double.keyFile, 'token', 'list');
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: `${NOT_UNDERSTOOD} (GET /api/admin/tokens): tokens[0].id: is required.\n`,
    });
  });

  test('[CLI7] the same relay answering the list whole is printed as a table (the double is fair)', async ({
    double,
  }) => {
    const relay = await double.serve({ 'GET /api/admin/tokens': { status: 200, body: { tokens: [TOKEN_ROW] } } });
    const run = await double.run(relay, '--admin-key-file', double.keyFile, 'token', 'list');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('alice@baalda.test');
  });

  test('[CLI7] `reindex` reads each NDJSON line with its schema; a broken line is one line and exit 1', async ({
    double,
  }) => {
    const lines = [
      { done: 0, total: 2 },
      { done: 'one', total: 2 },
      { done: 2, total: 2, embedder: 'h', seconds: 1 },
    ];
    const body = lines.map((line) => `${JSON.stringify(line)}\n`).join('');
    const relay = await double.serve({
      'POST /api/admin/reindex': { status: 200, body, contentType: 'application/x-ndjson' },
    });
    const run = await double.run(relay, '--admin-key-file', double.keyFile, 'reindex');
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: `${NOT_UNDERSTOOD} (POST /api/admin/reindex, line 2): done: must be a number.\n`,
    });
  });

  test('[CLI7] `reindex` given a line that is not JSON says so and exits 1', async ({ double }) => {
    const relay = await double.serve({
      'POST /api/admin/reindex': { status: 200, body: '{"done":0,"total":1}\n<html>\n', contentType: 'text/plain' },
    });
    const run = await double.run(relay, '--admin-key-file', double.keyFile, 'reindex');
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toBe(`${NOT_UNDERSTOOD} (POST /api/admin/reindex, line 2): it is not JSON ("<html>").\n`);
  });

  test('[CLI7] a refusal of /mcp worded as a JSON-RPC error is reported with its code', async ({ double }) => {
    const rpc = { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request: too large' }, id: null };
    const relay = await double.serve({ 'POST /mcp': { status: 413, body: rpc } });
    const run = await double.run(relay, 'mcp-stdio');
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr:
        "INVALID_REQUEST: the relay's /mcp refused the message: Invalid Request: too large (JSON-RPC error -32600)\n",
    });
  });
});
