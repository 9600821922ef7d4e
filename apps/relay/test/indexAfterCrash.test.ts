import { formatNoteDocumentName } from '@baalda/core';
import { afterEach, describe, expect, it } from 'vitest';
import { nextOpId, postOps } from './apiBody';
import { pgliteBackend } from './backends';
import { appendParagraph, connectPeer, eventually } from './clients';
import { authedFetch, startTestRelay, type TestRelay } from './relays';
import { appendStoredParagraph } from './storedRows';

const NOTE = 'crashLeftBehind0001';

describe('the index after a relay stopped between storing a document and writing its row', () => {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function search(relay: TestRelay, query: string): Promise<string[]> {
    const response = await authedFetch(relay, `/api/vaults/default/search?q=${encodeURIComponent(query)}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { results: Array<{ docId: string }> }).results.map((hit) => hit.docId);
  }

  it('[IDX2] the first load after the restart writes the row the stored document is ahead of', async () => {
    const database = await pgliteBackend.create();
    cleanups.push(() => database.dispose());
    const first = await startTestRelay(database.target);
    const created = await postOps(first, [
      { opId: nextOpId(), kind: 'createNote', docId: NOTE, path: 'Recipes.md', createdAt: Date.UTC(2026, 11, 1) },
    ]);
    expect(created.status).toBe(200);
    const writer = await connectPeer(first, formatNoteDocumentName(NOTE));
    appendParagraph(writer.doc, 'lentil soup with cumin');
    await eventually(
      async () => (await search(first, 'lentil')).includes(NOTE),
      () => 'the first text reached the index',
    );
    writer.destroy();
    await first.close();

    await appendStoredParagraph(database.target, NOTE, 'saffron risotto for Sunday');
    const second = await startTestRelay(database.target);
    cleanups.push(() => second.close());
    // Nothing has loaded the note yet: the row still holds what the killed relay wrote last.
    expect(await search(second, 'saffron')).toEqual([]);
    const reader = await connectPeer(second, formatNoteDocumentName(NOTE));
    cleanups.push(() => reader.destroy());
    expect(reader.text()).toContain('saffron risotto');
    await eventually(
      async () => (await search(second, 'saffron')).includes(NOTE),
      () => 'the row caught up with the stored document once it loaded',
    );
    expect(await search(second, 'lentil')).toEqual([NOTE]);
  });
});
