import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatNoteDocumentName, tokenize } from '@baalda/core';
import { afterEach, describe, expect, it } from 'vitest';
import { nextOpId, postOps } from './apiBody';
import { pgliteBackend } from './backends';
import { appendParagraph, connectPeer, eventually, type Peer } from './clients';
import { authedFetch, startTestRelay, type TestRelay } from './relays';

// A stand-in for a local model server (Ollama's OpenAI-compatible API): each word adds to one of a few
// "concepts", so a question and a note that share no word can still mean the same thing.
const CONCEPTS: Record<string, number> = { refund: 0, return: 0, send: 0, back: 0, purchase: 0, buyers: 0 };
for (const word of ['laptop', 'computer', 'macbook', 'machine']) CONCEPTS[word] = 1;
for (const word of ['deploy', 'ship', 'production', 'release']) CONCEPTS[word] = 2;
const DIMENSIONS = 6;

function toyEmbedding(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const token of tokenize(text)) {
    const concept = CONCEPTS[token] ?? 3 + (token.length % 3);
    vector[concept] = (vector[concept] ?? 0) + 1;
  }
  return vector;
}

type Behaviour = 'answer' | 'fail' | 'garbage';

async function startModelServer(behaviour: {
  current: Behaviour;
}): Promise<{ server: Server; url: string; calls: () => number }> {
  let calls = 0;
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    calls += 1;
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string; input: string[] };
    if (request.url !== '/v1/embeddings' || body.model !== 'toy-concepts') {
      response.writeHead(404).end();
    } else if (behaviour.current === 'fail') {
      response.writeHead(500).end('{"error":"model crashed"}');
    } else if (behaviour.current === 'garbage') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"vector":"nope"}]}');
    } else {
      const data = body.input.map((text, index) => ({ index, embedding: toyEmbedding(text), object: 'embedding' }));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data, model: body.model }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/v1`, calls: () => calls };
}

const NOTES: Record<string, string> = {
  httpEmbedRefunds01: 'Refund window: 30 days from delivery for unused items.',
  httpEmbedLaptops02: 'Engineers get a 16-inch MacBook Pro every four years.',
  httpEmbedDeploys03: 'Merges to main deploy to staging; promote to production from #deploys.',
  httpEmbedOffsite04: 'The spring offsite is in Lisbon this year.',
};

async function writeNotes(relay: TestRelay): Promise<Peer[]> {
  const ops = Object.keys(NOTES).map((docId) => ({
    opId: nextOpId(),
    kind: 'createNote',
    docId,
    path: `${docId}.md`,
    createdAt: Date.UTC(2026, 11, 3),
  }));
  await postOps(relay, ops);
  const peers: Peer[] = [];
  for (const [docId, text] of Object.entries(NOTES)) {
    const peer = await connectPeer(relay, formatNoteDocumentName(docId));
    appendParagraph(peer.doc, text);
    peers.push(peer);
  }
  await eventually(
    async () => (await search(relay, 'Lisbon offsite')).includes('httpEmbedOffsite04'),
    () => 'the notes never reached the index',
  );
  return peers;
}

async function search(relay: TestRelay, query: string): Promise<string[]> {
  const response = await authedFetch(relay, `/api/vaults/default/search?q=${encodeURIComponent(query)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: Array<{ docId: string }> }).results.map((result) => result.docId);
}

describe('an OpenAI-compatible embeddings endpoint as the encoder (SEMV7)', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function relayWithModel(behaviour: { current: Behaviour }) {
    const model = await startModelServer(behaviour);
    cleanups.push(() => new Promise((resolve) => model.server.close(resolve)));
    const database = await pgliteBackend.create();
    cleanups.push(() => database.dispose());
    const relay = await startTestRelay(database.target, {
      semantic: { http: { url: model.url, model: 'toy-concepts', dimensions: DIMENSIONS } },
    });
    cleanups.push(() => relay.close());
    const peers = await writeNotes(relay);
    cleanups.push(async () => {
      for (const peer of peers) peer.destroy();
    });
    return { relay, model };
  }

  it('[SEMV7, HYB4] notes and queries are embedded by the endpoint: a question sharing no word finds its note', async () => {
    const { relay, model } = await relayWithModel({ current: 'answer' });
    await relay.semantic?.settled();
    expect(model.calls()).toBeGreaterThan(0);
    expect((await search(relay, 'how long may buyers send back a purchase'))[0]).toBe('httpEmbedRefunds01');
    expect((await search(relay, 'which computer does a new machine come as'))[0]).toBe('httpEmbedLaptops02');
  }, 30_000);

  it.each<Behaviour>(['fail', 'garbage'])(
    '[SEMV7] an endpoint that answers %s leaves search answering by words and the relay up',
    async (failure) => {
      const behaviour = { current: failure };
      const { relay } = await relayWithModel(behaviour);
      await relay.semantic?.settled();
      expect(await search(relay, 'Lisbon offsite')).toEqual(['httpEmbedOffsite04']);
      expect(await search(relay, 'how long may buyers send back a purchase')).not.toContain('httpEmbedRefunds01');
      // The model comes back: a catch-up computes what was missed.
      behaviour.current = 'answer';
      await relay.semantic?.catchUp(() => {});
      expect((await search(relay, 'how long may buyers send back a purchase'))[0]).toBe('httpEmbedRefunds01');
    },
    30_000,
  );
});
