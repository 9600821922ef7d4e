import { formatNoteDocumentName } from '@baalda/core';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/openDatabase';
import type { Relay } from '../src/server/startRelay';
import { nextOpId, postOps } from './apiBody';
import { pgliteBackend } from './backends';
import { appendParagraph, connectPeer, eventually, type Peer } from './clients';
import { startTestRelay } from './relays';
import { seededRandom } from './seededRandom';

const NOTES = ['invariantNote_00001', 'invariantNote_00002', 'invariantNote_00003'];
const PEOPLE = ['alice', 'bob'] as const;

describe('the index under edits, tree ops and restarts', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it.each([7, 42])(
    '[IDX1–IDX4] seed %i: one row per note, holding its current text, live exactly while the note is',
    async (seed) => {
      const next = seededRandom(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
      const database = await pgliteBackend.create();
      cleanups.push(() => database.dispose());
      let relay: Relay = await startTestRelay(database.target);
      const peers = new Map<string, Peer>();
      const written: Array<{ token: string; docId: string }> = [];
      const live = new Map<string, boolean>();
      const peerFor = async (person: string, docId: string) => {
        const key = `${person}/${docId}`;
        const existing = peers.get(key);
        if (existing) return existing;
        const peer = await connectPeer(relay.syncUrl, formatNoteDocumentName(docId));
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
      for (let step = 0; step < 30; step += 1) {
        const docId = pick(NOTES);
        const roll = next();
        if (!live.has(docId)) {
          await postOps(relay.httpUrl, [
            { opId: nextOpId(), kind: 'createNote', docId, path: `${docId}.md`, createdAt: Date.UTC(2026, 10, 30) },
          ]);
          live.set(docId, true);
        } else if (roll < 0.6) {
          const token = `w${seed}x${step}`;
          written.push({ token, docId });
          appendParagraph((await peerFor(pick(PEOPLE), docId)).doc, `step ${step} by seed ${seed} ${token}`);
        } else if (roll < 0.8) {
          const kind = live.get(docId) ? 'trashNote' : 'restoreNote';
          await postOps(relay.httpUrl, [{ opId: nextOpId(), kind, docId }]);
          live.set(docId, !live.get(docId));
          await expectNoDeadHits(relay, written, live);
        } else if (roll < 0.9) {
          await disconnectAll();
          await relay.close();
          relay = await startTestRelay(database.target);
        }
      }
      // Settle: every edit reaches the relay and is stored before it closes.
      const expected = new Map<string, string>();
      for (const docId of live.keys()) expected.set(docId, (await peerFor('carol', docId)).text());
      await eventually(
        async () => {
          for (const { token, docId } of written) {
            if (live.get(docId) && !(await searchFor(relay, token)).includes(docId)) return false;
          }
          return true;
        },
        () => 'a live note’s latest text never became searchable',
      );
      await expectNoDeadHits(relay, written, live);
      await disconnectAll();
      await relay.close();

      const opened = await openDatabase(database.target);
      cleanups.push(() => opened.close());
      const rows = await opened.prisma.noteIndex.findMany();
      expect(rows.map((row) => row.docId).sort()).toEqual([...live.keys()].sort());
      for (const row of rows) {
        expect({ docId: row.docId, live: row.live, content: row.content }).toEqual({
          docId: row.docId,
          live: live.get(row.docId),
          content: expected.get(row.docId),
        });
      }
    },
  );
});

async function searchFor(relay: Relay, token: string): Promise<string[]> {
  const response = await fetch(`${relay.httpUrl}/api/vaults/default/search?q=${token}&limit=50`);
  const body = (await response.json()) as { results: Array<{ docId: string }> };
  return body.results.map((result) => result.docId);
}

// No search may return a trashed note, nor a note for a word it does not contain.
async function expectNoDeadHits(
  relay: Relay,
  written: ReadonlyArray<{ token: string; docId: string }>,
  live: ReadonlyMap<string, boolean>,
): Promise<void> {
  for (const { token, docId } of written) {
    for (const hit of await searchFor(relay, token)) {
      expect(live.get(hit), `search for ${token} returned trashed ${hit}`).toBe(true);
      expect(hit, `search for ${token} returned a note that never had it`).toBe(docId);
    }
  }
}
