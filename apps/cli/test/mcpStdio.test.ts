import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  adminFetch,
  callTool,
  connectMcp,
  createAndReadRefunds,
  eventually,
  pgliteBackend,
  startTestRelay,
  type TestRelay,
} from 'baalda-relay/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CuttableLink, startCuttableLink } from './mirrorFixtures';

// The built CLI, started with plain Node as an assistant's client would start it (see cliBundleSetup.ts).
const CLI = inject('cliBundle');
const NODE = process.execPath;
const READ_TOOLS = ['list_drafts', 'list_notes', 'outline_note', 'read_attachment_text', 'read_note', 'search_notes'];
const WRITE_TOOLS = [
  'append_note',
  'create_note',
  'delete_note',
  'edit_note',
  'move_note',
  'save_draft',
  'update_note',
];

// The CLI's own variables are dropped so the machine running the tests can't change what they see.
const { BAALDA_TOKEN, BAALDA_RELAY_URL, ...quietEnv } = process.env;

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `mcp-stdio` to its end, stdin closed at once (for the ways it refuses to start). */
function runBridge(args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = execFile(NODE, [CLI, 'mcp-stdio', ...args], { env: quietEnv }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

/** A local port nothing listens on (one that was free a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The exit code of a child that is still running or already ended. */
function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

// Each bridge is a process of its own talking to a relay, so the tests get more than the default 30 s.
describe('mcp-stdio: the relay’s MCP tools for stdio-only clients', { timeout: 120_000 }, () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let readOnlyToken: string;
  const bridgeLogs: string[] = [];
  const clients: Client[] = [];
  const links: CuttableLink[] = [];

  /** An SDK client on a spawned bridge, as Claude Desktop or another stdio-only client would start it. */
  async function connectBridge(token: string, url = relay.httpUrl): Promise<Client> {
    const transport = new StdioClientTransport({
      command: NODE,
      args: [CLI, 'mcp-stdio', '--url', url, '--token', token],
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => bridgeLogs.push(chunk.toString()));
    const client = new Client({ name: 'baalda-tests', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  async function mintToken(body: Record<string, unknown>): Promise<string> {
    const minted = await adminFetch(relay, '/api/admin/tokens', {
      method: 'POST',
      body: JSON.stringify({ email: 'owner@baalda.test', vaultId: 'default', ...body }),
    });
    return ((await minted.json()) as { secret: string }).secret;
  }

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    readOnlyToken = await mintToken({ readOnly: true });
  });

  afterAll(async () => {
    for (const client of clients) await client.close();
    for (const link of links) await link.close();
    await relay?.close();
    await dispose?.();
  });

  it('[CLI5, MCP1, MCP11] lists every tool for a read-write token and only the read tools for a read-only one', async () => {
    const owner = await connectBridge(relay.token);
    expect((await owner.listTools()).tools.map((tool) => tool.name).sort()).toEqual(
      [...READ_TOOLS, ...WRITE_TOOLS].sort(),
    );
    expect(owner.getInstructions()).toMatch(/search_notes/);
    const reader = await connectBridge(readOnlyToken);
    expect((await reader.listTools()).tools.map((tool) => tool.name).sort()).toEqual(READ_TOOLS);
    const refused = await callTool(reader, 'create_note', { path: 'Nope.md', text: 'no' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/^READ_ONLY: /);
  });

  it('[MCP4–MCP8] create, read, search, update, delete round trip; tool errors and protocol errors pass through', async () => {
    const owner = await connectBridge(relay.token);
    const docId = await createAndReadRefunds(owner);
    const hits = async () =>
      ((await callTool(owner, 'search_notes', { query: 'refund days' })).structured?.hits as unknown[]) ?? [];
    await eventually(
      async () => (await hits()).length > 0,
      () => 'the new note is searchable',
      20_000,
    );
    expect(await hits()).toEqual([expect.objectContaining({ docId, path: 'Policies/Refunds.md', kind: 'note' })]);
    const updated = await callTool(owner, 'update_note', { docId, text: '# Refunds\n\nWe refund within 60 days.' });
    expect(updated.structured).toEqual({ docId, path: 'Policies/Refunds.md', revision: expect.any(String) });
    // MCP17 over stdio: the relay's resources, passed through.
    expect((await owner.listResources()).resources.map((resource) => resource.uri)).toContain(
      `baalda://notes/${docId}`,
    );
    const resource = await owner.readResource({ uri: `baalda://notes/${docId}` });
    expect((resource.contents[0] as { text: string }).text).toContain('60 days');
    const after = String((await callTool(owner, 'read_note', { docId })).structured?.text);
    expect(after).toContain('60 days');
    expect(after).not.toContain('30 days');
    expect((await callTool(owner, 'delete_note', { docId })).isError).toBe(false);
    const gone = await callTool(owner, 'read_note', { docId });
    expect(gone).toMatchObject({ isError: true, structured: undefined });
    expect(gone.text).toMatch(/^NOTE_NOT_FOUND: /);
    // An unknown tool is a JSON-RPC error from the relay; the bridge passes on its code and message as sent.
    const direct = await connectMcp(relay.httpUrl, relay.token);
    clients.push(direct);
    const viaRelay = await direct.callTool({ name: 'no_such_tool', arguments: {} }).catch((error: unknown) => error);
    const viaBridge = await owner.callTool({ name: 'no_such_tool', arguments: {} }).catch((error: unknown) => error);
    expect(viaBridge).toMatchObject({ code: -32602, message: (viaRelay as Error).message });
  });

  it('[MCP11] a token revoked while the bridge runs: tool calls answer an MCP error that says so', async () => {
    const doomed = await mintToken({ name: 'doomed' });
    const client = await connectBridge(doomed);
    expect((await callTool(client, 'list_notes', {})).isError).toBe(false);
    const listed = (await (await adminFetch(relay, '/api/admin/tokens')).json()) as {
      tokens: Array<{ id: string; name: string }>;
    };
    const id = listed.tokens.find((token) => token.name === 'doomed')?.id;
    await adminFetch(relay, `/api/admin/tokens/${id}`, { method: 'DELETE' });
    const refused = await client.callTool({ name: 'list_notes', arguments: {} }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: -32603 });
    expect((refused as Error).message).toMatch(/UNAUTHENTICATED: the relay refused the token/);
    expect(bridgeLogs.join('')).toMatch(/UNAUTHENTICATED/);
  });

  it('refuses to start on a bad token (1), an unreachable relay (1) or no token (2), with one line on stderr', async () => {
    const badToken = await runBridge(['--url', relay.httpUrl, '--token', `baalda_pat_${'A'.repeat(43)}`]);
    expect(badToken).toMatchObject({ code: 1, stdout: '' });
    expect(badToken.stderr).toMatch(/^UNAUTHENTICATED: the relay refused the token[^\n]*\n$/);
    const port = await closedPort();
    const noRelay = await runBridge(['--url', `http://127.0.0.1:${port}`, '--token', relay.token]);
    expect(noRelay).toMatchObject({ code: 1, stdout: '' });
    expect(noRelay.stderr).toMatch(
      new RegExp(`^RELAY_UNREACHABLE: cannot reach the relay at http://127.0.0.1:${port} `),
    );
    expect(noRelay.stderr.trimEnd()).not.toContain('\n');
    const noToken = await runBridge(['--url', relay.httpUrl]);
    expect(noToken).toMatchObject({ code: 2, stdout: '' });
    expect(noToken.stderr).toMatch(/^pass --token or set BAALDA_TOKEN/);
  });

  it('the relay goes away mid-session: a tool call answers an MCP error saying so, and the bridge serves on once it is back', async () => {
    const link = await startCuttableLink(relay.port);
    links.push(link);
    const client = await connectBridge(relay.token, link.url);
    expect((await callTool(client, 'list_notes', {})).isError).toBe(false);
    link.cut();
    const failed = await client.callTool({ name: 'list_notes', arguments: {} }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: -32603 });
    expect((failed as Error).message).toMatch(new RegExp(`RELAY_UNREACHABLE: cannot reach the relay at ${link.url} `));
    link.restore();
    expect((await callTool(client, 'list_notes', {})).isError).toBe(false);
  });

  it('ends with exit code 0 and nothing on stdout when stdin ends or on Ctrl-C', async () => {
    const endings = [(child: ChildProcess) => child.stdin?.end(), (child: ChildProcess) => child.kill('SIGINT')];
    const runs = endings.map(async (end) => {
      const child = spawn(NODE, [CLI, 'mcp-stdio', '--url', relay.httpUrl, '--token', relay.token], { env: quietEnv });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      await eventually(
        () => stderr.includes('serving') || child.exitCode !== null,
        () => stderr,
        20_000,
      );
      end(child);
      const code = await exitOf(child);
      // The signal and stderr show in a failure: a run once ended with no exit code under a loaded machine.
      return { code, signal: child.signalCode, stdout, stderr };
    });
    for (const run of await Promise.all(runs)) expect(run, JSON.stringify(run)).toMatchObject({ code: 0, stdout: '' });
  });
});
