import { type Embedder, hashedEmbedder, type VaultNote } from '@baalda/core';
import { describe, expect, it, vi } from 'vitest';
import { createVectorCache, loadDeviceCorpus, rankOnDevice } from './deviceIndex';
import { liveNote } from './testNote';

const note = liveNote;

const refunds = note('alice_note_00000000001', 'Policies/Refunds.md');
const wifi = note('alice_note_00000000002', 'Office/Wifi.md');
const handbook = note('bob_note_0000000000003', 'Support handbook.md');
// Never opened in this browser: only its place in the tree is known here.
const elsewhere = note('bob_note_0000000000009', 'Travel plans.md');
const texts = new Map([
  [refunds.docId, 'Refunds are paid within thirty days.'],
  [wifi.docId, 'The office wifi password changed on Monday.'],
  [handbook.docId, 'Support answers tickets about shipping, accounts, billing, the refund policy, warranty, returns.'],
]);
const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);
const readText = async (docId: string) => texts.get(docId) ?? null;

function countingEmbedder(): Embedder & { calls: number } {
  const counting = { ...hashedEmbedder, calls: 0 };
  counting.embed = (text) => {
    counting.calls += 1;
    return hashedEmbedder.embed(text);
  };
  return counting;
}

async function search(query: string, notes: VaultNote[]) {
  const corpus = await loadDeviceCorpus(notes, readText, createVectorCache(hashedEmbedder));
  return rankOnDevice(query, hashedEmbedder, notes, corpus, 10);
}

describe('search on this device', () => {
  it('[EMB1] ranks the note sharing the query’s words first and leaves unrelated notes out', async () => {
    const hits = await search('paid within thirty days', [wifi, refunds]);
    expect(hits.map((hit) => hit.docId)).toEqual([refunds.docId]);
    expect(hits[0]).toMatchObject({ title: 'Refunds', path: 'Policies/Refunds.md' });
  });

  it('[LEX2] a query naming a title lifts that note above one that only mentions the words', async () => {
    const policy = note('carol_note_00000000004', 'Refund policy.md');
    texts.set(policy.docId, 'A refund is possible within thirty days.');
    const query = 'refund policy';
    const hits = await search(query, [handbook, policy, wifi]);
    expect(hits.map((hit) => hit.docId)).toEqual([policy.docId, handbook.docId]);
    // By vector alone the handbook would win; the title's words count three times (LEX2).
    const cosine = (docId: string) => dot(hashedEmbedder.embed(query), hashedEmbedder.embed(texts.get(docId) ?? ''));
    expect(cosine(handbook.docId)).toBeGreaterThan(cosine(policy.docId));
  });

  it('[IDX3] only the live notes passed in are ranked, with the title they have now', async () => {
    const corpus = await loadDeviceCorpus([refunds, wifi], readText, createVectorCache(hashedEmbedder));
    const renamed = { ...refunds, path: 'Money back.md' };
    const hits = rankOnDevice('thirty days', hashedEmbedder, [renamed], corpus, 10);
    expect(hits).toEqual([expect.objectContaining({ docId: refunds.docId, title: 'Money back' })]);
    expect(rankOnDevice('wifi', hashedEmbedder, [renamed], corpus, 10)).toEqual([]);
  });

  it('skips notes whose text this browser does not have, and notes it cannot read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken = note('bob_note_0000000000010', 'Broken.md');
    const corpus = await loadDeviceCorpus(
      [refunds, elsewhere, broken],
      async (docId) => {
        if (docId === broken.docId) throw new Error('database gone');
        return readText(docId);
      },
      createVectorCache(hashedEmbedder),
    );
    expect([...corpus.keys()]).toEqual([refunds.docId]);
  });

  it('[LEX2] finds a note whose text this browser never had by its title alone', async () => {
    const hits = await search('travel plans', [refunds, elsewhere]);
    expect(hits).toEqual([expect.objectContaining({ docId: elsewhere.docId, title: 'Travel plans' })]);
    expect(hits[0]?.score).toBeGreaterThan(0);
    expect(await search('thirty days', [refunds, elsewhere])).toEqual([
      expect.objectContaining({ docId: refunds.docId }),
    ]);
  });

  it('[PATH11] finds an attachment by its file name offline, and says it is one', async () => {
    const scan = liveNote('alice_scan_00000000009', 'Reports/Quarterly figures.pdf');
    expect(await search('quarterly figures', [refunds, scan])).toEqual([
      expect.objectContaining({ docId: scan.docId, kind: 'attachment', title: 'Quarterly figures.pdf' }),
    ]);
    expect(await search('thirty days', [refunds, scan])).toEqual([
      expect.objectContaining({ docId: refunds.docId, kind: 'note' }),
    ]);
  });

  it('embeds a note again only when its text changed', async () => {
    const embedder = countingEmbedder();
    const cache = createVectorCache(embedder);
    await loadDeviceCorpus([refunds, wifi], readText, cache);
    await loadDeviceCorpus([refunds, wifi], readText, cache);
    expect(embedder.calls).toBe(2);
    texts.set(wifi.docId, 'The wifi password is on the fridge.');
    await loadDeviceCorpus([refunds, wifi], readText, cache);
    expect(embedder.calls).toBe(3);
  });
});
