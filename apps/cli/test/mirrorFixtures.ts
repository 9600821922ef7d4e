import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpOutcome } from '@baalda/core';
import {
  createOwnedVault,
  openNote,
  type Peer,
  randomId,
  type TestRelay,
  untilAcknowledged,
} from 'baalda-relay/testing';
import { createRelayClient, type RelayClient } from '../src/relayClient';

export { openNote, randomId, relayMarkdown, untilAcknowledged } from 'baalda-relay/testing';

/** A vault of its own for one test, with an owner's token and the CLI's client for it. */
export interface TestVault {
  readonly vaultId: string;
  readonly token: string;
  readonly client: RelayClient;
}

/** Creates a vault owned by TEST_OWNER (so tests on one relay never see each other's notes). */
export async function createTestVault(relay: TestRelay): Promise<TestVault> {
  const vault = await createOwnedVault(relay);
  return { ...vault, client: createRelayClient(relay.httpUrl, vault) };
}

/** A fresh, empty folder under the system's temp folder. */
export function freshFolder(prefix = 'baalda-mirror-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** Removes test folders. */
export async function removeFolders(folders: readonly string[]): Promise<void> {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
}

/** The vault's live paths, sorted. */
export async function livePaths(vault: TestVault): Promise<string[]> {
  return (await vault.client.tree()).notes.map((note) => note.path).sort();
}

/** The docId of the live entry at `path`, or undefined. */
export async function docIdAt(vault: TestVault, path: string): Promise<string | undefined> {
  return (await vault.client.tree()).notes.find((note) => note.path === path)?.docId;
}

/** Creates a note at `path` over HTTP (as another device would) and, when given, writes `text` into it as a peer. */
export async function createRemoteNote(
  relay: TestRelay,
  vault: TestVault,
  path: string,
  edit?: (peer: Peer) => void,
): Promise<{ docId: string; outcome: OpOutcome }> {
  const docId = randomId();
  const outcome = await vault.client.apply({
    opId: randomId(),
    kind: 'createNote',
    docId,
    path,
    createdAt: Date.now(),
  });
  if (edit) {
    const peer = await openNote(relay, vault, docId);
    edit(peer);
    await untilAcknowledged(peer);
    peer.destroy();
  }
  return { docId, outcome };
}

/** A file's text, or null when there is none. */
export function readText(dir: string, path: string): Promise<string | null> {
  return readFile(join(dir, ...path.split('/')), 'utf8').catch(() => null);
}

/** A TCP proxy in front of the relay whose link can be cut (every connection dropped, new ones refused) and restored. */
export interface CuttableLink {
  readonly url: string;
  cut(): void;
  restore(): void;
  /**
   * The next request whose bytes match `pattern` reaches the relay, but its answer never comes back: the
   * connection is dropped as the answer starts (a cut between request and answer). Resolves then.
   */
  loseAnswerTo(pattern: RegExp): Promise<void>;
  /** Drops the sync sockets and refuses new ones (HTTP still passes) until `allowSync`: documents can't sync. */
  refuseSync(): void;
  allowSync(): void;
  close(): Promise<void>;
}

const SYNC_UPGRADE = /^GET \/sync[ ?]/;

/**
 * Starts a proxy forwarding to `targetPort` (the relay's port on 127.0.0.1), listening on `port` (0: any
 * free one; a fixed port makes a relay appear at an address a client already tries).
 */
export async function startCuttableLink(targetPort: number, { port: listenPort = 0 } = {}): Promise<CuttableLink> {
  const open = new Set<Socket>();
  let isCut = false;
  let losing: { pattern: RegExp; lost: () => void } | null = null;
  let syncRefused = false;
  const syncSockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (isCut) return void client.destroy();
    const upstream = connect(targetPort, '127.0.0.1');
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', drop);
    }
    client.once('data', (first: Buffer) => {
      if (!SYNC_UPGRADE.test(first.toString('latin1'))) return;
      if (syncRefused) return drop();
      syncSockets.add(client);
      client.on('close', () => syncSockets.delete(client));
    });
    // A request's text is matched as it has arrived so far on its connection: split over two chunks, a
    // name in it would match neither.
    let seen = '';
    client.on('data', (chunk: Buffer) => {
      seen = (seen + chunk.toString('latin1')).slice(-64 * 1024);
      if (!losing?.pattern.test(seen)) return;
      seen = '';
      const { lost } = losing;
      losing = null;
      upstream.unpipe(client);
      upstream.once('data', () => {
        drop();
        lost();
      });
      // An unpiped stream stays paused, even for a new 'data' listener.
      upstream.resume();
    });
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    cut() {
      isCut = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      isCut = false;
    },
    loseAnswerTo: (pattern) =>
      new Promise((lost) => {
        losing = { pattern, lost };
      }),
    refuseSync() {
      syncRefused = true;
      for (const socket of syncSockets) socket.destroy();
    },
    allowSync() {
      syncRefused = false;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
