import { formatNoteDocumentName } from '@baalda/core';
import { afterAll, describe, expect, it } from 'vitest';
import { nextOpId, postOps } from './apiBody';
import { pgliteBackend } from './backends';
import { appendParagraph, connectPeer, eventually, type Peer, removeParagraphContaining } from './clients';
import { authedFetch, startTestRelay, type TestRelay } from './relays';

const DOC = 'longOfflineNote_0001';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('a device back after days offline', () => {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('[CONV2][SYNC3][VC1][IDX3] bob’s offline edits merge into a note that was rewritten, moved, versioned and reloaded meanwhile', async () => {
    const database = await pgliteBackend.create();
    cleanups.push(() => database.dispose());
    let now = Date.UTC(2026, 10, 2, 9);
    const clock = () => new Date(now);
    const first = await startTestRelay(database.target, { clock });
    await postOps(first, [{ opId: nextOpId(), kind: 'createNote', docId: DOC, path: 'Plan.md', createdAt: now }]);
    const alice = await peer(first);
    const bob = await peer(first);
    appendParagraph(alice.doc, 'Kickoff agenda: budget review');
    await eventually(
      () => bob.text().includes('budget review'),
      () => `bob has ${JSON.stringify(bob.text())}`,
    );

    // Bob's laptop goes offline; he keeps writing, and strikes alice's agenda line.
    bob.destroy();
    appendParagraph(bob.doc, 'Bob offline: hire a designer for the heron campaign');
    removeParagraphContaining(bob.doc, 'budget review');

    // Meanwhile alice rewrites the note, it is versioned, moved, and the relay restarts.
    appendParagraph(alice.doc, 'Alice: the launch moves to March');
    await eventually(
      async () => (await searchPaths(first, 'March')).includes('Plan.md'),
      () => 'never indexed',
    );
    now += 10 * MINUTE;
    expect(await first.captureQuietVersions()).toBe(1);
    await postOps(first, [{ opId: nextOpId(), kind: 'moveNote', docId: DOC, path: 'Archive/Plan.md' }]);
    alice.destroy();
    await first.close();
    now += 3 * DAY;
    const second = await startTestRelay(database.target, { clock });
    cleanups.push(() => second.close());

    const carol = await peer(second);
    const bobBack = await peer(second, bob.doc);
    await eventually(
      () => carol.text() === bobBack.text() && carol.text().includes('heron campaign'),
      () => `carol=${JSON.stringify(carol.text())} bob=${JSON.stringify(bobBack.text())}`,
    );
    // Both appended after the agenda line at once: Yjs orders them by client id, the same for everyone.
    expect(carol.text().split('\n').sort()).toEqual([
      'Alice: the launch moves to March',
      'Bob offline: hire a designer for the heron campaign',
    ]);
    await eventually(
      async () => (await searchPaths(second, 'heron')).includes('Archive/Plan.md'),
      () => 'bob’s offline words never reached the index',
    );
    // The struck line lives on only in history, which search never scores.
    expect(await searchPaths(second, 'budget')).toEqual([]);
    now += 10 * MINUTE;
    expect(await second.captureQuietVersions()).toBe(1);
    const versions = await listVersionTexts(second);
    expect(versions).toHaveLength(2);
    expect(versions.at(-1)).toContain('budget review');
    expect(versions[0]).toContain('heron campaign');
  });

  async function peer(relay: TestRelay, doc?: Peer['doc']): Promise<Peer> {
    const connected = await connectPeer(relay, formatNoteDocumentName(DOC), doc);
    cleanups.push(() => connected.destroy());
    return connected;
  }
});

async function searchPaths(relay: TestRelay, query: string): Promise<string[]> {
  const response = await authedFetch(relay, `/api/vaults/default/search?q=${encodeURIComponent(query)}`);
  return ((await response.json()) as { results: Array<{ path: string }> }).results.map((result) => result.path);
}

/** Every kept version's text, newest first. */
async function listVersionTexts(relay: TestRelay): Promise<string[]> {
  const listed = await authedFetch(relay, `/api/vaults/default/notes/${DOC}/versions`);
  const { versions } = (await listed.json()) as { versions: Array<{ id: string }> };
  const texts: string[] = [];
  for (const { id } of versions) {
    const read = await authedFetch(relay, `/api/vaults/default/notes/${DOC}/versions/${id}`);
    texts.push(((await read.json()) as { version: { text: string } }).version.text);
  }
  return texts;
}
