import { formatNoteDocumentName } from '@baalda/core';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/openDatabase';
import { nextOpId, postOps } from './apiBody';
import { testBackends } from './backends';
import { appendParagraph, connectPeer, eventually, type Peer, removeParagraphContaining } from './clients';
import { adminFetch, authedFetch, startTestRelay, type TestRelay } from './relays';

const NOTES: Record<string, string> = {
  semanticRefunds0001: 'Refund window: 30 days from delivery. Items must be unused and in their original packaging.',
  semanticLaptops0002: 'Engineers get a 16-inch MacBook Pro; laptops are replaced every four years.',
  semanticDeploys0003: 'Merges to main deploy to staging automatically; promote to production from #deploys.',
  semanticHolidays004: 'Full-time employees get 28 days of paid holiday plus public holidays.',
  semanticOffsite0005: 'The spring offsite is in Lisbon; flights are booked by the travel desk.',
};
// Bounds of waits for the word index, which a loaded machine (the embedder beside it) makes slow, not wrong.
const WAIT_MS = 60_000;
const PARAPHRASE = 'how long do buyers have to send back a purchase';

async function createNotes(relay: TestRelay): Promise<Peer[]> {
  await postOps(
    relay,
    Object.keys(NOTES).map((docId) => ({
      opId: nextOpId(),
      kind: 'createNote',
      docId,
      path: `Handbook/${docId}.md`,
      createdAt: Date.UTC(2026, 11, 3),
    })),
  );
  const peers: Peer[] = [];
  for (const [docId, text] of Object.entries(NOTES)) {
    const peer = await connectPeer(relay, formatNoteDocumentName(docId));
    appendParagraph(peer.doc, text);
    peers.push(peer);
  }
  return peers;
}

async function search(relay: TestRelay, query: string): Promise<string[]> {
  const response = await authedFetch(relay, `/api/vaults/default/search?q=${encodeURIComponent(query)}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { results: Array<{ docId: string }> };
  return body.results.map((result) => result.docId);
}

// Each test starts a relay that loads the model and embeds every note on the CPU: beside another suite on two
// cores that alone took over a minute. The waits are conditions; this bound only reports a stuck run.
describe.each(testBackends())('search by meaning on $name (SEMV, HYB)', { timeout: 240_000 }, (backend) => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  // A relay computing meaning, holding NOTES with their vectors.
  async function relayWithNotes() {
    const database = await backend.create();
    cleanups.push(() => database.dispose());
    const relay = await startTestRelay(database.target, { semantic: { threads: 1 } });
    cleanups.push(() => relay.close());
    const peers = await createNotes(relay);
    cleanups.push(async () => {
      for (const peer of peers) peer.destroy();
    });
    await eventually(
      async () => (await search(relay, 'refund window')).includes('semanticRefunds0001'),
      () => 'the notes never reached the index',
      WAIT_MS,
    );
    await relay.semantic?.settled();
    return { database, relay, peers };
  }

  it('[HYB4, SEMV5] a note that shares no word with the question is found by meaning; words alone find nothing', async () => {
    const { database, relay, peers } = await relayWithNotes();
    expect((await search(relay, PARAPHRASE))[0]).toBe('semanticRefunds0001');
    for (const peer of peers) peer.destroy();
    await relay.close();

    const wordsOnly = await startTestRelay(database.target);
    cleanups.push(() => wordsOnly.close());
    expect(await search(wordsOnly, PARAPHRASE)).not.toContain('semanticRefunds0001');
  });

  it('[SEMV1, SEMV6] an edit makes the note’s vectors stale at once; only the latest text is embedded', async () => {
    const { database, relay, peers } = await relayWithNotes();
    const refunds = peers[0] as Peer;
    // The refund policy is rewritten into a note about the office dog, in several quick edits.
    removeParagraphContaining(refunds.doc, 'Refund window');
    for (const line of ['Office dog: Biscuit', 'visits on Fridays', 'bring treats, not chocolate'])
      appendParagraph(refunds.doc, line);
    await eventually(
      async () => (await search(relay, 'Biscuit chocolate')).includes('semanticRefunds0001'),
      () => 'the edit never reached the index',
      WAIT_MS,
    );
    expect(await search(relay, PARAPHRASE)).not.toContain('semanticRefunds0001');
    await relay.semantic?.settled();
    expect((await search(relay, 'which pet comes to the workplace'))[0]).toBe('semanticRefunds0001');
    for (const peer of peers) peer.destroy();
    await relay.close();

    const opened = await openDatabase(database.target);
    cleanups.push(() => opened.close());
    const row = await opened.prisma.noteIndex.findUnique({ where: { docId: 'semanticRefunds0001' } });
    expect(row?.semanticVersion).toBe(row?.version);
    expect(row?.semanticEmbedder).toBe('use-lite-512-v1');
  });

  it('[SEMV6, IDX5] a relay switched from words to meaning catches up through reindex, with progress, searching throughout', async () => {
    const database = await backend.create();
    cleanups.push(() => database.dispose());
    const wordsOnly = await startTestRelay(database.target);
    const peers = await createNotes(wordsOnly);
    await eventually(
      async () => (await search(wordsOnly, 'refund window')).includes('semanticRefunds0001'),
      () => 'the notes never reached the index',
      WAIT_MS,
    );
    for (const peer of peers) peer.destroy();
    await wordsOnly.close();

    const relay = await startTestRelay(database.target, { semantic: { threads: 1 } });
    cleanups.push(() => relay.close());
    const answer = await adminFetch(relay, '/api/admin/reindex', {
      method: 'POST',
      body: JSON.stringify({ embedder: 'use-lite-512-v1' }),
    });
    expect(answer.status).toBe(200);
    const lines = (await answer.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { done: number; total: number; embedder?: string });
    const notes = Object.keys(NOTES).length;
    expect(lines.at(-1)).toMatchObject({ done: notes, total: notes, embedder: 'use-lite-512-v1' });
    for (const line of lines) expect(line.done).toBeLessThanOrEqual(line.total);
    expect((await search(relay, PARAPHRASE))[0]).toBe('semanticRefunds0001');

    const refused = await adminFetch(relay, '/api/admin/reindex', {
      method: 'POST',
      body: JSON.stringify({ embedder: 'no-such-encoder' }),
    });
    expect(refused.status).toBe(400);
  });
});
