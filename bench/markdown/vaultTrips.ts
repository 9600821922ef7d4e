// A vault's round trips through the path a person's files travel: the CLI's real `import` into a relay and
// `export` out of it, so link resolution (names read on import, written on export) counts as it does for them.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError, createRelayClient, TRANSFER_COMMANDS } from 'baalda-cli/testing';
import { startTestRelay, type TestRelay } from 'baalda-relay/testing';
import type { RoundTrips } from './fidelity';

/**
 * BEN5: each of `paths` (Markdown files under `dir`, by their path there) after `import dir` into an empty
 * vault and `export` (the first trip), and after importing that export again and exporting once more (the
 * second). Every file under `dir` is imported, attachments too, so `![[embeds]]` resolve as they would.
 * A file the trip lost is a failed case with the reason.
 */
export async function vaultTripsThroughRelay(dir: string, paths: readonly string[]): Promise<Map<string, RoundTrips>> {
  const work = await mkdtemp(join(tmpdir(), 'baalda-bench-markdown-'));
  let relay: TestRelay | undefined;
  try {
    relay = await startTestRelay({ kind: 'pglite', dataDir: join(work, 'data') });
    const first = join(work, 'first export');
    const second = join(work, 'second export');
    await transfer(relay, 'import', dir);
    await transfer(relay, 'export', first);
    await transfer(relay, 'import', first);
    await transfer(relay, 'export', second);
    const trips = new Map<string, RoundTrips>();
    for (const path of paths) trips.set(path, await tripsOf(path, first, second));
    return trips;
  } finally {
    await relay?.close();
    await rm(work, { recursive: true, force: true });
  }
}

async function tripsOf(path: string, first: string, second: string): Promise<RoundTrips> {
  try {
    const read = (root: string) => readFile(join(root, ...path.split('/')), 'utf8');
    return { ok: true, first: await read(first), second: await read(second) };
  } catch (error) {
    return { ok: false, error: `not exported: ${error instanceof Error ? error.message : String(error)}` };
  }
}

// The command as `baalda` runs it. A file it skipped is a line it notes (then missing from the export, so
// its case fails); the others still make the trip.
async function transfer(relay: TestRelay, name: 'import' | 'export', dir: string): Promise<void> {
  const lines: string[] = [];
  try {
    await TRANSFER_COMMANDS[name].run({
      args: [dir],
      options: new Map([['--relay', relay.httpUrl]]),
      relay: () => createRelayClient(relay.httpUrl, { token: relay.token, vaultId: 'default' }),
      admin: () => Promise.reject(new Error(`${name} never uses the admin key`)),
      note: (line) => lines.push(line),
    });
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    lines.push(error.message);
  }
  for (const line of lines.filter((each) => !PROGRESS_LINE.test(each))) console.log(`${name}: ${line}`);
}

/** XFER9's progress lines (`notes imported: 3 / 24`), which say nothing about the files. */
const PROGRESS_LINE = /^[a-z ]+: \d+ \/ \d+$/;
