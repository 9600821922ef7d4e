import { decodeQuantized, formatNoteDocumentName, noteVectorsOf, type SentenceEncoder } from '@baalda/core';
import { loadUseLiteInNode } from '@baalda/semantic/node';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/openDatabase';
import { nextOpId, postOps } from './apiBody';
import { pgliteBackend } from './backends';
import { appendParagraph, connectPeer, eventually, type Peer, removeParagraphContaining } from './clients';
import { adminFetch, authedFetch, startTestRelay, type TestRelay } from './relays';
import { seededRandom } from './seededRandom';

const NOTES = ['invariantNote_00001', 'invariantNote_00002', 'invariantNote_00003', 'invariantNote_00004'];
const PEOPLE = ['alice', 'bob'] as const;
const STEPS = 45;
// SEMV1/SEMV6: every relay of this test searches by meaning too, so vectors live through the same edits,
// restarts and reindexes as the text.
const SEMANTIC = { threads: 1 };

/** What the run did, so every check can say what search may and may not answer. */
interface History {
  /** Unique words written, with the note they were written into. */
  readonly written: Array<{ token: string; docId: string }>;
  /** Words whose paragraph was deleted again: no longer current text anywhere. */
  readonly removed: Set<string>;
  /** Notes that exist, and whether each is live (true) or in the trash (false). */
  readonly live: Map<string, boolean>;
  /** Notes purged from the trash: their ids are retired (DOC2). */
  readonly purged: Set<string>;
}

describe('the index under edits, tree ops, reindexes and restarts', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it.each([7, 42, 2026])(
    '[IDX1–IDX5, SEMV1, SEMV6] seed %i: one row per note, holding its current text and its vectors, live exactly while the note is',
    async (seed) => {
      const next = seededRandom(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
      const database = await pgliteBackend.create();
      cleanups.push(() => database.dispose());
      let relay: TestRelay = await startTestRelay(database.target, { semantic: SEMANTIC });
      const peers = new Map<string, Peer>();
      const history: History = { written: [], removed: new Set(), live: new Map(), purged: new Set() };
      let reindexing: Promise<unknown> | null = null;
      const peerFor = async (person: string, docId: string) => {
        const key = `${person}/${docId}`;
        const existing = peers.get(key);
        if (existing) return existing;
        const peer = await connectPeer(relay, formatNoteDocumentName(docId));
        peers.set(key, peer);
        return peer;
      };
      // A peer has no local storage: wait until the relay acknowledged its edits before dropping it.
      const disconnectAll = async () => {
        for (const peer of peers.values()) {
          await eventually(
            () => peer.provider.unsyncedChanges === 0,
            () => 'edits never acknowledged',
          );
          peer.destroy();
        }
        peers.clear();
      };
      const finishReindex = async () => {
        const failure = await reindexing;
        reindexing = null;
        if (failure) throw failure;
      };
      for (let step = 0; step < STEPS; step += 1) {
        const docId = pick(NOTES);
        const roll = next();
        if (history.purged.has(docId)) continue;
        if (!history.live.has(docId)) {
          await postOps(relay, [
            { opId: nextOpId(), kind: 'createNote', docId, path: `${docId}.md`, createdAt: Date.UTC(2026, 10, 30) },
          ]);
          history.live.set(docId, true);
        } else if (roll < 0.45) {
          const token = `w${seed}x${step}`;
          history.written.push({ token, docId });
          appendParagraph((await peerFor(pick(PEOPLE), docId)).doc, `step ${step} by seed ${seed} ${token}`);
        } else if (roll < 0.55) {
          await removeOneParagraph(docId, history, pick, peerFor);
        } else if (roll < 0.7) {
          const kind = history.live.get(docId) ? 'trashNote' : 'restoreNote';
          await postOps(relay, [{ opId: nextOpId(), kind, docId }]);
          history.live.set(docId, !history.live.get(docId));
          await expectNoDeadHits(relay, history);
        } else if (roll < 0.8) {
          // Not awaited: edits and tree ops keep coming while the new generation is built (IDX5).
          await finishReindex();
          reindexing = reindexThroughApi(relay).then(
            () => null,
            (error: unknown) => error,
          );
        } else if (roll < 0.87) {
          await finishReindex();
          await disconnectAll();
          await relay.close();
          relay = await startTestRelay(database.target, { semantic: SEMANTIC });
        } else if (roll < 0.9) {
          await purgeTrash(relay, history, (docId) => {
            for (const [key, peer] of peers) {
              if (!key.endsWith(`/${docId}`)) continue;
              peer.destroy();
              peers.delete(key);
            }
          });
        }
      }
      await finishReindex();
      await settle(relay, history, peerFor);
      await expectNoDeadHits(relay, history);
      const expected = new Map<string, string>();
      for (const docId of history.live.keys()) expected.set(docId, (await peerFor('carol', docId)).text());
      await disconnectAll();
      await relay.semantic?.settled();
      await relay.close();
      await expectOneRowPerNote(database.target, history, expected, cleanups);
    },
    // A bound only to report a stuck run: embedding and restarts beside a CPU hog took over 180 s.
    480_000,
  );
});

type PeerFor = (person: string, docId: string) => Promise<Peer>;

async function removeOneParagraph(
  docId: string,
  history: History,
  pick: <T>(items: readonly T[]) => T,
  peerFor: PeerFor,
): Promise<void> {
  const present = history.written.filter((entry) => entry.docId === docId && !history.removed.has(entry.token));
  if (present.length === 0) return;
  const { token } = pick(present);
  const peer = await peerFor(pick(PEOPLE), docId);
  // The peer may not have this paragraph yet (another peer wrote it a moment ago): wait for it.
  await eventually(
    () => peer.text().includes(token),
    () => `${token} never reached the peer`,
  );
  expect(removeParagraphContaining(peer.doc, token)).toBe(true);
  history.removed.add(token);
}

// Every edit reaches the relay and its index: each current word of a live note is found.
async function settle(relay: TestRelay, history: History, peerFor: PeerFor): Promise<void> {
  let lastMiss = '';
  await eventually(
    async () => {
      for (const { token, docId } of history.written) {
        const current = history.live.get(docId) === true && !history.removed.has(token);
        const hits = await searchFor(relay, token);
        if (current === hits.includes(docId) && (current || hits.length === 0)) continue;
        lastMiss = `${token} of ${docId} (${current ? 'current' : 'gone'}) → [${hits.join(', ')}]`;
        return false;
      }
      return true;
    },
    () => `the index never caught up with the notes’ current text: ${lastMiss}`,
  );
  for (const docId of history.live.keys()) await peerFor('carol', docId);
}

async function expectOneRowPerNote(
  target: Parameters<typeof openDatabase>[0],
  history: History,
  expected: ReadonlyMap<string, string>,
  cleanups: Array<() => Promise<unknown>>,
): Promise<void> {
  const opened = await openDatabase(target);
  cleanups.push(() => opened.close());
  const rows = await opened.prisma.noteIndex.findMany();
  expect(rows.map((row) => row.docId).sort()).toEqual([...history.live.keys()].sort());
  for (const row of rows) {
    expect({ docId: row.docId, live: row.live, content: row.content }).toEqual({
      docId: row.docId,
      live: history.live.get(row.docId),
      content: expected.get(row.docId),
    });
  }
  await expectCurrentVectors(rows);
}

// SEMV1: once the backlog drained, every row with text holds the vectors of exactly that text.
async function expectCurrentVectors(
  rows: ReadonlyArray<{ docId: string; content: string; version: bigint; semantic: Uint8Array | null }>,
): Promise<void> {
  const encoder = await sharedEncoder();
  for (const row of rows) {
    if (row.content === '') continue;
    const stored = row.semantic && decodeQuantized(row.semantic, encoder.dimensions);
    const [fresh] = await noteVectorsOf(encoder, [row.content]);
    expect(stored, `${row.docId} has no vectors of its text`).toBeTruthy();
    // The same text gives the same vectors up to float noise (the batch it was in pads differently), so each
    // int8 component may round one step apart; a vector of other text differs by far more.
    expect(stored?.components.length).toBe(fresh?.components.length);
    const largestStep = Math.max(
      ...Array.from(stored?.components ?? [], (value, index) => Math.abs(value - (fresh?.components[index] ?? 0))),
    );
    expect(largestStep, `${row.docId}'s vectors are not of its current text`).toBeLessThanOrEqual(1);
    expect((row as { semanticVersion?: bigint }).semanticVersion, row.docId).toBe(row.version);
  }
}

let encoderLoading: Promise<SentenceEncoder> | null = null;
function sharedEncoder(): Promise<SentenceEncoder> {
  encoderLoading ??= loadUseLiteInNode().then(({ encoder }) => encoder);
  return encoderLoading;
}

async function reindexThroughApi(relay: TestRelay): Promise<void> {
  const response = await adminFetch(relay, '/api/admin/reindex', { method: 'POST', body: '{}' });
  const lines = (await response.text()).trim().split('\n');
  expect(JSON.parse(lines.at(-1) ?? '{}'), lines.join('\n')).toMatchObject({ embedder: 'hashed-bow-256-v1' });
}

// Empties the trash: purged notes leave the tree, the index and every later step.
async function purgeTrash(relay: TestRelay, history: History, dropPeers: (docId: string) => void): Promise<void> {
  await postOps(relay, [{ opId: nextOpId(), kind: 'emptyTrash' }]);
  for (const [docId, live] of [...history.live]) {
    if (live) continue;
    history.live.delete(docId);
    history.purged.add(docId);
    dropPeers(docId);
    for (const entry of history.written) if (entry.docId === docId) history.removed.add(entry.token);
  }
}

async function searchFor(relay: TestRelay, token: string): Promise<string[]> {
  const response = await authedFetch(relay, `/api/vaults/default/search?q=${encodeURIComponent(token)}&limit=50`);
  const body = (await response.json()) as { results: Array<{ docId: string }> };
  return body.results.map((result) => result.docId);
}

// No search may return a trashed or purged note, nor a note for a word it never contained.
async function expectNoDeadHits(relay: TestRelay, history: History): Promise<void> {
  for (const { token, docId } of history.written) {
    for (const hit of await searchFor(relay, token)) {
      expect(history.live.get(hit), `search for ${token} returned trashed or purged ${hit}`).toBe(true);
      expect(hit, `search for ${token} returned a note that never had it`).toBe(docId);
    }
  }
  // HYB4: questions in words, which meaning alone may answer, never find a trashed or purged note either.
  for (const question of MEANINGFUL_QUESTIONS)
    for (const hit of await searchFor(relay, question))
      expect(history.live.get(hit), `search for "${question}" returned trashed or purged ${hit}`).toBe(true);
}

const MEANINGFUL_QUESTIONS = ['which step did the seed write', 'notes written by someone in a later step'];
