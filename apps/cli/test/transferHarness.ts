import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { authedFetch, callTool, connectMcp, type TestRelay } from 'baalda-relay/testing';
import { CliError } from '../src/cliError';
import type { CommandInput } from '../src/commandTypes';
import { createRelayClient } from '../src/relayClient';
import { TRANSFER_COMMANDS } from '../src/transfer/transferCommands';

/** Test support for the XFER rules: export and import run in-process, as `main.ts` would run them. */
export interface CommandRun {
  readonly code: number;
  readonly stdout: string;
  /** Every stderr line: the per-file problems, then the error's message when there was one. */
  readonly stderr: string[];
}

/** `<what> exported|imported: <done> / <total>` (progressLines.ts). */
const PROGRESS_LINE = /^[a-z ]+: \d+ \/ \d+$/;

/**
 * Runs `export` or `import` the way the CLI would (`inputOf` in main.ts): on the relay's default vault
 * with its owner token, or on `vault` with its own.
 */
export async function runTransfer(
  relay: TestRelay,
  name: 'export' | 'import',
  args: string[],
  options: Record<string, string> = {},
  vault: { token: string; vaultId: string } = { token: relay.token, vaultId: 'default' },
): Promise<CommandRun> {
  const stderr: string[] = [];
  const progress: string[] = [];
  const input: CommandInput = {
    args,
    options: new Map<string, string | true>([['--relay', relay.httpUrl], ...Object.entries(options)]),
    relay: () => createRelayClient(relay.httpUrl, vault),
    admin: () => Promise.reject(new Error('transfer commands never use the admin key')),
    // XFER9's progress lines come every 2 s of a long run: how many a run gets depends on how fast this
    // machine is, so they are kept apart from what the tests compare.
    note: (line) => (PROGRESS_LINE.test(line) ? progress : stderr).push(line),
  };
  try {
    return { code: 0, stdout: await TRANSFER_COMMANDS[name].run(input), stderr };
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    return { code: error.exitCode, stdout: '', stderr: [...stderr, error.message] };
  }
}

/** An entry of the vault's tree as the API gives it. */
export interface TreeEntry {
  readonly docId: string;
  readonly path: string;
}

/** The vault's live entries (notes and attachments) and folders. */
export async function treeOf(relay: TestRelay): Promise<{ notes: TreeEntry[]; folders: string[] }> {
  const response = await authedFetch(relay, '/api/vaults/default/tree');
  return (await response.json()) as { notes: TreeEntry[]; folders: string[] };
}

/** Each live note's `updatedAt` as `read_note` reports it, by docId: it moves when the text is stored. */
export async function noteStamps(relay: TestRelay, docIds: readonly string[]): Promise<Map<string, string>> {
  const client = await connectMcp(relay.httpUrl, relay.token);
  try {
    const stamps = new Map<string, string>();
    for (const docId of docIds) {
      const read = await callTool(client, 'read_note', { docId, maxChars: 1 });
      stamps.set(docId, String(read.structured?.updatedAt));
    }
    return stamps;
  } finally {
    await client.close();
  }
}

/** Writes `files` (path → text or bytes) under `root`, making folders as needed. */
export async function writeTree(root: string, files: Record<string, string | Uint8Array>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    const file = join(root, ...path.split('/'));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}
