import { formatNoteDocumentName } from '@baalda/core';
import { afterEach, describe, expect, it } from 'vitest';
import { nextOpId, postOps } from './apiBody';
import { pgliteBackend } from './backends';
import { appendParagraph, connectPeer, eventually, type Peer } from './clients';
import { authedFetch, startTestRelay, type TestRelay } from './relays';

interface SearchAnswer {
  results?: Array<{ docId: string; title: string; path: string; score: number; kind: string }>;
  error?: { code: string };
}

async function search(relay: TestRelay, query: string, extra = ''): Promise<{ status: number; body: SearchAnswer }> {
  const response = await authedFetch(relay, `/api/vaults/default/search?q=${encodeURIComponent(query)}${extra}`);
  return { status: response.status, body: (await response.json()) as SearchAnswer };
}

const hits = async (relay: TestRelay, query: string, extra = '') =>
  (await search(relay, query, extra)).body.results?.map((result) => result.docId) ?? [];

describe('search over the index', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function noteWithText(relay: TestRelay, docId: string, path: string, text: string): Promise<Peer> {
    await postOps(relay, [{ opId: nextOpId(), kind: 'createNote', docId, path, createdAt: Date.UTC(2026, 10, 30) }]);
    const peer = await connectPeer(relay, formatNoteDocumentName(docId));
    cleanups.push(async () => peer.destroy());
    appendParagraph(peer.doc, text);
    return peer;
  }

  it('[SRCH1, SRCH3, IDX3] finds current text only, returns pointers, and never a trashed note', async () => {
    const database = await pgliteBackend.create();
    cleanups.push(() => database.dispose());
    const relay = await startTestRelay(database.target);
    cleanups.push(() => relay.close());
    const refunds = await noteWithText(
      relay,
      'searchRefunds_00001',
      'Policies/Refunds.md',
      'Refunds are paid within thirty days.',
    );
    await noteWithText(relay, 'searchWifi_00000001', 'Office/Wifi.md', 'The office wifi password is on the fridge.');
    await eventually(
      async () => (await hits(relay, 'thirty days'))[0] === 'searchRefunds_00001',
      () => 'refunds note never became searchable',
    );

    const { body } = await search(relay, 'refunds thirty days');
    expect(body.results?.[0]).toEqual({
      docId: 'searchRefunds_00001',
      title: 'Refunds',
      path: 'Policies/Refunds.md',
      kind: 'note',
      score: expect.any(Number),
    });
    expect(JSON.stringify(body)).not.toContain('paid within');

    // The old text must stop matching once the note says something else.
    refunds.doc.getXmlFragment('default').delete(0, 1);
    appendParagraph(refunds.doc, 'Refunds now take ninety business weeks.');
    await eventually(
      async () => (await hits(relay, 'ninety business weeks'))[0] === 'searchRefunds_00001',
      () => 'edit never indexed',
    );
    expect(await hits(relay, 'paid within thirty')).not.toContain('searchRefunds_00001');

    expect(await hits(relay, 'wifi password', '&folder=Policies')).toEqual([]);
    expect(await hits(relay, 'wifi password', '&folder=office')).toEqual(['searchWifi_00000001']);

    await postOps(relay, [{ opId: nextOpId(), kind: 'trashNote', docId: 'searchWifi_00000001' }]);
    expect(await hits(relay, 'wifi password')).toEqual([]);
    await postOps(relay, [{ opId: nextOpId(), kind: 'restoreNote', docId: 'searchWifi_00000001' }]);
    expect(await hits(relay, 'wifi password')).toEqual(['searchWifi_00000001']);
  });

  it('[LEX2, SRCH4] a renamed note is found by its new title, also after a restart', async () => {
    const database = await pgliteBackend.create();
    cleanups.push(() => database.dispose());
    let relay = await startTestRelay(database.target);
    const peer = await noteWithText(relay, 'searchRenamed_00001', 'Draft.md', 'Budget numbers for the spring offsite.');
    await eventually(
      async () => (await hits(relay, 'spring offsite')).length === 1,
      () => 'never indexed',
    );
    await postOps(relay, [
      { opId: nextOpId(), kind: 'moveNote', docId: 'searchRenamed_00001', path: 'Plans/Offsite budget.md' },
    ]);
    const { body } = await search(relay, 'offsite budget');
    expect(body.results?.[0]).toMatchObject({
      docId: 'searchRenamed_00001',
      title: 'Offsite budget',
      path: 'Plans/Offsite budget.md',
    });
    peer.destroy();
    await relay.close();
    relay = await startTestRelay(database.target);
    cleanups.push(() => relay.close());
    expect((await search(relay, 'offsite budget')).body.results?.[0]).toMatchObject({
      docId: 'searchRenamed_00001',
      title: 'Offsite budget',
    });
  });

  it.each([
    ['an empty query', ''],
    ['a query over the limit', 'x'.repeat(501)],
    ['a bad limit', 'refund', '&limit=0'],
    ['a huge limit', 'refund', '&limit=1000'],
    ['a folder that is no path', 'refund', '&folder=..%2Fsecret'],
    ['an unknown kind', 'refund', '&kind=secret'],
  ])('[SRCH5, LIM8] %s is refused with SEARCH_INVALID', async (_label, query, extra = '') => {
    const database = await pgliteBackend.create();
    cleanups.push(() => database.dispose());
    const relay = await startTestRelay(database.target);
    cleanups.push(() => relay.close());
    const { status, body } = await search(relay, query, extra);
    expect([status, body.error?.code]).toEqual([400, 'SEARCH_INVALID']);
  });
});

describe('notes without text', () => {
  it('[SRCH1, LEX2] a note never typed in is found by its title', async () => {
    const database = await pgliteBackend.create();
    const relay = await startTestRelay(database.target);
    try {
      await postOps(relay, [
        {
          opId: nextOpId(),
          kind: 'createNote',
          docId: 'emptyButNamed_00001',
          path: 'Quarterly planning.md',
          createdAt: Date.UTC(2026, 10, 30),
        },
      ]);
      expect(await hits(relay, 'quarterly planning')).toEqual(['emptyButNamed_00001']);
    } finally {
      await relay.close();
      await database.dispose();
    }
  });
});
