import { randomUUID } from 'node:crypto';
import { formatNoteDocumentName, formatVaultDocumentName, hashedEmbedder } from '@baalda/core';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { DatabaseTarget } from '../src/db/openDatabase';
import { encodeVector } from '../src/search/vectorCodec';
import { textOf } from '../src/versions/quietCaptures';
import { nextOpId, postOps, readBody } from './apiBody';
import { testBackends } from './backends';
import { appendParagraph, connectPeer, eventually, type Peer } from './clients';
import { addPerson } from './people';
import { QuietWebSocket } from './quietWebSocket';
import { isRedisReachable, TEST_REDIS_URL } from './redisProbe';
import { adminFetch, authedFetch, startTestRelay, type TestRelay } from './relays';
import { openAs } from './syncAs';

// A cut is waited for as a condition, bounded only so that a failure says what was still open before the
// test's own limit; how fast it comes (ACL6: 5 s) is checked in the measuring lane (recheck.latency).
const WAIT_MS = 40_000;

const REDIS_URL = TEST_REDIS_URL;
const postgres = testBackends().find((backend) => backend.name === 'postgres');

const redisReachable = await isRedisReachable(REDIS_URL);
const skipReason = !postgres
  ? 'BAALDA_TEST_DATABASE_URL is not set: relays can only share PostgreSQL'
  : !redisReachable
    ? `Redis is unreachable at ${REDIS_URL} (set BAALDA_TEST_REDIS_URL)`
    : null;
if (skipReason) console.warn(`[scaleOut] skipped: ${skipReason}`);

async function searchPaths(relay: TestRelay, query: string): Promise<string[]> {
  const response = await authedFetch(relay, `/api/vaults/default/search?q=${encodeURIComponent(query)}`);
  const body = (await response.json()) as { results?: Array<{ path: string }> };
  return (body.results ?? []).map((result) => result.path);
}

/** Runs `work` with a connection of its own to the relays' PostgreSQL database. */
async function onDatabase<T>(target: DatabaseTarget, work: (client: pg.Client) => Promise<T>): Promise<T> {
  if (target.kind !== 'postgres') throw new Error('scale-out runs on PostgreSQL only');
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A note's stored Yjs state, read straight from PostgreSQL (null before its first store). */
async function storedState(client: pg.Client, docId: string): Promise<Uint8Array | null> {
  const { rows } = await client.query<{ state: Buffer }>('SELECT state FROM note_document WHERE doc_id = $1', [docId]);
  return rows[0] ? new Uint8Array(rows[0].state) : null;
}

/** The text of a note's stored state ('' before its first store). */
async function storedText(target: DatabaseTarget, docId: string): Promise<string> {
  const state = await onDatabase(target, (client) => storedState(client, docId));
  return state ? textOf(state) : '';
}

/** A client of beta's (or alpha's) `vault:default` channel, recording the tree versions it hears. */
async function listenToTree(relay: TestRelay): Promise<{ versions: number[]; destroy(): void }> {
  const socket = new HocuspocusProviderWebsocket({ url: relay.syncUrl, WebSocketPolyfill: QuietWebSocket });
  const versions: number[] = [];
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: formatVaultDocumentName('default'),
    document: new Y.Doc(),
    token: relay.token,
    onStateless: ({ payload }) => {
      const message = JSON.parse(payload) as { type?: string; version?: number };
      if (message.type === 'treeChanged' && typeof message.version === 'number') versions.push(message.version);
    },
  });
  provider.attach();
  await new Promise<void>((resolve) => provider.on('synced', () => resolve()));
  return {
    versions,
    destroy: () => {
      provider.destroy();
      socket.destroy();
    },
  };
}

/** Rewrites a note's index row straight in PostgreSQL, as a relay would, but tells no relay. */
async function writeIndexRowBehindTheRelays(target: DatabaseTarget, docId: string, content: string): Promise<void> {
  await onDatabase(target, (client) =>
    client.query(
      'UPDATE note_index SET content = $2, vector = $3, embedder = $4, version = version + 1000 WHERE doc_id = $1',
      [docId, content, encodeVector(hashedEmbedder.embed(content)), hashedEmbedder.name],
    ),
  );
}

/** Adds a paragraph to a note's stored state straight in PostgreSQL, as a third relay would, telling no one. */
async function storeEditBehindTheRelays(target: DatabaseTarget, docId: string, paragraph: string): Promise<void> {
  await onDatabase(target, async (client) => {
    const doc = new Y.Doc();
    const state = await storedState(client, docId);
    if (state) Y.applyUpdate(doc, state);
    appendParagraph(doc, paragraph);
    await client.query('UPDATE note_document SET state = $2, updated_at = now() WHERE doc_id = $1', [
      docId,
      Buffer.from(Y.encodeStateAsUpdate(doc)),
    ]);
  });
}

/** Kills the Redis connections this test process's relays receive events on; ioredis reconnects them. */
async function dropEventConnectionsOfThisProcess(): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    const clients = (await redis.client('LIST')) as string;
    const ours = clients
      .split('\n')
      .filter((line) => line.includes(`-${process.pid}-`) && /name=\S+-events-sub\b/.test(line))
      .map((line) => /\bid=(\d+)/.exec(line)?.[1])
      .filter((id): id is string => id !== undefined);
    if (ours.length === 0) throw new Error('no event connection of this process found in CLIENT LIST');
    for (const id of ours) await redis.client('KILL', 'ID', id);
  } finally {
    redis.disconnect();
  }
}

async function treePaths(relay: TestRelay): Promise<string[]> {
  const tree = await readBody(await authedFetch(relay, '/api/vaults/default/tree'));
  return (tree.notes ?? []).map((note) => note.path).sort();
}

describe.skipIf(skipReason !== null)('several relays on one PostgreSQL and one Redis', () => {
  let alpha: TestRelay;
  let beta: TestRelay;
  let dispose: () => Promise<void>;
  let target: DatabaseTarget;
  const peers: Array<{ destroy(): void }> = [];
  // Quiet for 300 ms is due; each test's relays hear only each other (a prefix per run).
  const versionSettings = { quietMs: 300, maxVersions: 50 };
  const redisPrefix = `baalda-test-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    const database = await (postgres as NonNullable<typeof postgres>).create();
    dispose = database.dispose;
    target = database.target;
    alpha = await startTestRelay(database.target, { redisUrl: REDIS_URL, redisPrefix, versionSettings });
    beta = await startTestRelay(database.target, { redisUrl: REDIS_URL, redisPrefix, versionSettings });
  }, 60_000);

  afterAll(async () => {
    for (const peer of peers) peer.destroy();
    await Promise.all([alpha?.close(), beta?.close()]);
    await dispose?.();
  }, 60_000);

  async function peer(relay: TestRelay, docId: string): Promise<Peer> {
    const connected = await connectPeer(relay, formatNoteDocumentName(docId));
    peers.push(connected);
    return connected;
  }

  async function createNote(relay: TestRelay, docId: string, path: string): Promise<void> {
    const response = await postOps(relay, [
      { opId: nextOpId(), kind: 'createNote', docId, path, createdAt: Date.now() },
    ]);
    expect((await readBody(response)).results?.[0]).toMatchObject({ ok: true });
  }

  it('[SCALE2] alice on one relay and bob on another edit one note; both see, and the database keeps, both edits', async () => {
    const docId = 'scaleSharedNote_0001';
    await createNote(alpha, docId, 'Shared.md');
    const alice = await peer(alpha, docId);
    const bob = await peer(beta, docId);
    appendParagraph(alice.doc, 'alice writes on alpha');
    appendParagraph(bob.doc, 'bob writes on beta');
    for (const person of [alice, bob]) {
      await eventually(
        () => person.text().includes('alice writes on alpha') && person.text().includes('bob writes on beta'),
        () => person.text(),
      );
    }
    await eventually(
      async () => {
        const stored = await storedText(target, docId);
        return stored.includes('alice writes on alpha') && stored.includes('bob writes on beta');
      },
      () => 'the stored state lacks an edit',
    );
  });

  it('[SCALE3] a note written through alpha is found on beta; a rename and a trash through beta reach alpha', async () => {
    const docId = 'scaleIndexedNote_001';
    await createNote(alpha, docId, 'Harbour.md');
    const alice = await peer(alpha, docId);
    appendParagraph(alice.doc, 'the lighthouse keeper counts herons');
    await eventually(
      async () => (await searchPaths(beta, 'herons')).includes('Harbour.md'),
      () => 'beta never found the note written through alpha',
    );

    await postOps(beta, [{ opId: nextOpId(), kind: 'moveNote', docId, path: 'Archive/Lighthouse.md' }]);
    await eventually(
      async () => (await searchPaths(alpha, 'herons')).includes('Archive/Lighthouse.md'),
      () => 'alpha still shows the old path',
    );
    await postOps(beta, [{ opId: nextOpId(), kind: 'trashNote', docId }]);
    await eventually(
      async () => (await searchPaths(alpha, 'herons')).length === 0,
      () => 'alpha still finds the trashed note',
    );
  });

  it('[SCALE6, VC1] both relays capture quiet versions at once and exactly one version is kept', async () => {
    const docId = 'scaleQuietNote_00001';
    await createNote(alpha, docId, 'Quiet.md');
    const alice = await peer(alpha, docId);
    appendParagraph(alice.doc, 'a sentence worth keeping');
    await eventually(
      async () => (await searchPaths(beta, 'sentence')).includes('Quiet.md'),
      () => 'the note was never stored',
    );
    await new Promise((resolve) => setTimeout(resolve, versionSettings.quietMs + 100));
    const kept = await Promise.all([alpha.captureQuietVersions(), beta.captureQuietVersions()]);
    const versions = (await (await authedFetch(beta, `/api/vaults/default/notes/${docId}/versions`)).json()) as {
      versions: unknown[];
    };
    expect(versions.versions).toHaveLength(1);
    // The schedulers run on their own too; what matters is one version in all.
    expect(kept[0] + kept[1]).toBeLessThanOrEqual(1);
  });

  it('[SCALE5, CN1] creates of one path sent to both relays at once end as two notes, one conflict-renamed', async () => {
    const listener = await listenToTree(beta);
    peers.push(listener);
    // Five races: one alone can pass by luck when one relay happens to commit before the other plans.
    const rounds = [1, 2, 3, 4, 5];
    await Promise.all(
      rounds.map(async (round) => {
        const path = `Race ${round}.md`;
        const createdAt = Date.now();
        const answers = await Promise.all(
          [alpha, beta].map((relay, index) =>
            postOps(relay, [
              { opId: nextOpId(), kind: 'createNote', docId: `scaleRace${index}Round${round}_0000`, path, createdAt },
            ]),
          ),
        );
        for (const answer of answers) expect((await readBody(answer)).results?.[0]).toMatchObject({ ok: true });
      }),
    );
    for (const relay of [alpha, beta]) {
      const paths = await treePaths(relay);
      for (const round of rounds) {
        const race = paths.filter((path) => path.startsWith(`Race ${round}`));
        expect(race).toHaveLength(2);
        expect(race.filter((path) => path === `Race ${round}.md`)).toHaveLength(1);
        expect(race.filter((path) => /^Race \d \(conflict \d{4}-\d{2}-\d{2}\)\.md$/.test(path))).toHaveLength(1);
      }
    }
    // An op applied by alpha alone: beta's channel clients hear its version (no channel is open on alpha).
    const answer = await postOps(alpha, [
      { opId: nextOpId(), kind: 'createNote', docId: 'scaleHeardOnBeta_001', path: 'Heard.md', createdAt: Date.now() },
    ]);
    const { version } = await readBody(answer);
    await eventually(
      () => listener.versions.includes(version ?? -1),
      () => `beta's channel heard ${JSON.stringify(listener.versions)}, not ${version}`,
    );
  });

  it('[SCALE1, ACL6] a token revoked through alpha is disconnected on beta and refused there', async () => {
    const docId = 'scaleRevokedNote_001';
    await createNote(alpha, docId, 'Revoked.md');
    const dave = await addPerson(alpha, 'dave', 'editor');
    const open = await openAs(beta.syncUrl, dave.token, formatNoteDocumentName(docId));
    peers.push(open);
    expect(open.synced()).toBe(true);
    const listed = (await (await adminFetch(alpha, '/api/admin/tokens')).json()) as {
      tokens: Array<{ id: string; userId: string }>;
    };
    const tokenId = listed.tokens.find((token) => token.userId === dave.userId)?.id;
    await adminFetch(alpha, `/api/admin/tokens/${tokenId}`, { method: 'DELETE' });
    await eventually(
      () => open.denials.length > 0,
      () => `dave is still open on beta (closes: ${open.closes()})`,
      WAIT_MS,
    );
    expect(open.denials.at(-1)).toMatch(/^UNAUTHENTICATED/);
    const again = await openAs(beta.syncUrl, dave.token, formatNoteDocumentName(docId));
    peers.push(again);
    expect(again.denials[0]).toMatch(/^UNAUTHENTICATED/);
  });

  it('[SCALE7] a relay whose event connection to Redis dropped re-reads the index it may have missed', async () => {
    const docId = 'scaleMissedEvent_001';
    await createNote(alpha, docId, 'Missed.md');
    await eventually(
      async () => (await searchPaths(beta, 'Missed')).includes('Missed.md'),
      () => 'beta never found the new note',
    );
    // A row committed by a relay whose event never arrived (the publisher gave up, or beta was away).
    await writeIndexRowBehindTheRelays(target, docId, 'kingfishers nest here');
    expect(await searchPaths(beta, 'kingfishers')).toEqual([]);
    await dropEventConnectionsOfThisProcess();
    await eventually(
      async () => (await searchPaths(beta, 'kingfishers')).includes('Missed.md'),
      () => 'beta did not re-read the index after its event connection came back',
    );
  });

  it('[SCALE9] an edit a relay stored but whose Redis messages were lost reaches the clients of both relays', async () => {
    const docId = 'scaleLostMessage_001';
    await createNote(alpha, docId, 'Lost.md');
    const alice = await peer(alpha, docId);
    const bob = await peer(beta, docId);
    appendParagraph(alice.doc, 'written while Redis worked');
    await eventually(
      async () => (await storedText(target, docId)).includes('written while Redis worked'),
      () => 'the first edit was never stored',
    );
    await storeEditBehindTheRelays(target, docId, 'stored by a relay whose messages were lost');
    for (const person of [alice, bob]) {
      await eventually(
        () => person.text().includes('stored by a relay whose messages were lost'),
        () => `the loaded copy never caught up: ${person.text()}`,
      );
    }
  });

  it('[SCALE8, ACC6] failed sign-ins through alpha slow the next attempt through beta', async () => {
    const signIn = (relay: TestRelay) =>
      fetch(`${relay.httpUrl}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ghost@example.org', password: 'a wrong guess' }),
      });
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await signIn(alpha)).status).toBe(401);
    const throttled = await signIn(beta);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('[SCALE4, DOC2] a purge through alpha lets go of bob’s connection on beta', async () => {
    const docId = 'scalePurgedNote_0001';
    await createNote(alpha, docId, 'Doomed.md');
    const bob = await peer(beta, docId);
    appendParagraph(bob.doc, 'soon gone');
    const name = formatNoteDocumentName(docId);
    const connectionsOnBeta = () => beta.hocuspocus.documents.get(name)?.getConnectionsCount() ?? 0;
    expect(connectionsOnBeta()).toBe(1);
    await postOps(alpha, [
      { opId: nextOpId(), kind: 'trashNote', docId },
      { opId: nextOpId(), kind: 'purgeNote', docId },
    ]);
    await eventually(
      () => connectionsOnBeta() === 0,
      () => `beta still holds ${connectionsOnBeta()} connection(s)`,
    );
  });
});
