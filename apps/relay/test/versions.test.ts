import { formatNoteDocumentName } from '@baalda/core';
import { afterEach, describe, expect, it } from 'vitest';
import { nextOpId, postOps } from './apiBody';
import { type TestBackend, testBackends } from './backends';
import { appendParagraph, connectPeer, eventually, type Peer, removeParagraphContaining } from './clients';
import { authedFetch, startTestRelay, type TestRelay } from './relays';

const MINUTE = 60_000;
const DOC = 'historyNote_0000001';

interface VersionListing {
  id: string;
  reason: string;
  capturedAt: string;
  length: number;
}

/** A relay on a fake clock, and the note alice writes in. */
interface Setup {
  relay: TestRelay;
  alice: Peer;
  advance(ms: number): void;
}

for (const backend of testBackends()) {
  describe(`version history on ${backend.name}`, () => {
    const cleanups: Array<() => Promise<unknown>> = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    async function setUp(database?: Awaited<ReturnType<TestBackend['create']>>): Promise<Setup> {
      const db = database ?? (await backend.create());
      if (!database) cleanups.push(() => db.dispose());
      let now = Date.UTC(2026, 10, 30, 9);
      const relay = await startTestRelay(db.target, { clock: () => new Date(now) });
      cleanups.push(() => relay.close());
      await postOps(relay, [{ opId: nextOpId(), kind: 'createNote', docId: DOC, path: 'History.md', createdAt: now }]);
      const alice = await connectPeer(relay, formatNoteDocumentName(DOC));
      cleanups.push(async () => alice.destroy());
      return { relay, alice, advance: (ms) => (now += ms) };
    }

    it('[VC1] edits, then 10 quiet minutes: exactly one version, and none again until the next edit', async () => {
      const { relay, alice, advance } = await setUp();
      await write(relay, alice, 'first draft of the onboarding plan', 'onboardingalpha');
      advance(9 * MINUTE);
      expect(await relay.captureQuietVersions()).toBe(0);
      advance(MINUTE);
      expect(await relay.captureQuietVersions()).toBe(1);
      advance(30 * MINUTE);
      expect(await relay.captureQuietVersions()).toBe(0);
      const [only, ...rest] = await listVersions(relay);
      expect(rest).toEqual([]);
      expect(only?.reason).toBe('quiet');
      expect((await readVersion(relay, only?.id ?? '')).text).toContain('onboardingalpha');
    });

    it('[VC2] an edit that removes most of a note keeps the text from just before it, at once', async () => {
      const { relay, alice } = await setUp();
      const long = Array.from({ length: 12 }, (_, line) => `line ${line} of the incident review, keep me`);
      for (const line of long) appendParagraph(alice.doc, line);
      await write(relay, alice, 'closing words', 'reviewomega');
      const before = alice.text();
      // One transaction, as a select-all-and-delete is: removals sent one by one may be stored apart.
      alice.doc.transact(() => {
        for (let line = 0; line < 11; line += 1) removeParagraphContaining(alice.doc, `line ${line} `);
      });
      await eventually(
        async () => (await listVersions(relay)).length === 1,
        () => 'no version kept before the large deletion',
      );
      const [kept] = await listVersions(relay);
      expect(kept?.reason).toBe('before-destructive-edit');
      expect((await readVersion(relay, kept?.id ?? '')).text).toBe(before);
    });

    it('[VC3, VC4] 60 quiet periods keep the newest 50 versions; the oldest are pruned', async () => {
      const { relay, alice, advance } = await setUp();
      for (let period = 0; period < 60; period += 1) {
        await write(relay, alice, `period ${period}`, `periodword${period}`);
        advance(11 * MINUTE);
        expect(await relay.captureQuietVersions()).toBe(1);
      }
      const versions = await listVersions(relay);
      expect(versions).toHaveLength(50);
      const oldest = await readVersion(relay, versions.at(-1)?.id ?? '');
      expect(oldest.text).toContain('periodword10');
      expect(oldest.text).not.toContain('periodword11');
    }, 120_000);

    it('[VC7] old words kept only in history are never found by search; the current text is', async () => {
      const { relay, alice, advance } = await setUp();
      for (let period = 0; period < 5; period += 1) {
        if (period > 0) removeParagraphContaining(alice.doc, `staleword${period - 1}`);
        await write(relay, alice, `the rollout owner is`, `staleword${period}`);
        advance(11 * MINUTE);
        await relay.captureQuietVersions();
      }
      expect(await listVersions(relay)).toHaveLength(5);
      for (let period = 0; period < 4; period += 1) expect(await search(relay, `staleword${period}`)).toEqual([]);
      expect(await search(relay, 'staleword4')).toEqual([DOC]);
    });

    it('[VC1] a note that went quiet while the relay was down gets its version at the next start', async () => {
      const database = await backend.create();
      cleanups.push(() => database.dispose());
      let now = Date.UTC(2026, 10, 30, 9);
      const clock = () => new Date(now);
      const first = await startTestRelay(database.target, { clock });
      await postOps(first, [{ opId: nextOpId(), kind: 'createNote', docId: DOC, path: 'H.md', createdAt: now }]);
      const alice = await connectPeer(first, formatNoteDocumentName(DOC));
      await write(first, alice, 'written just before the outage', 'outageword');
      alice.destroy();
      await first.close();
      now += 20 * MINUTE;
      const second = await startTestRelay(database.target, { clock });
      cleanups.push(() => second.close());
      await eventually(
        async () => (await listVersions(second)).length === 1,
        () => 'the start-up run kept no version',
      );
    });

    it.runIf(backend.name === 'postgres')(
      '[VC1] two relays on one database capture each quiet period exactly once',
      async () => {
        const database = await backend.create();
        cleanups.push(() => database.dispose());
        let now = Date.UTC(2026, 10, 30, 9);
        const clock = () => new Date(now);
        const first = await startTestRelay(database.target, { clock });
        cleanups.push(() => first.close());
        const second = await startTestRelay(database.target, { clock });
        cleanups.push(() => second.close());
        await postOps(first, [{ opId: nextOpId(), kind: 'createNote', docId: DOC, path: 'H.md', createdAt: now }]);
        const alice = await connectPeer(first, formatNoteDocumentName(DOC));
        cleanups.push(async () => alice.destroy());
        for (let period = 0; period < 3; period += 1) {
          await write(first, alice, 'shared database', `sharedword${period}`);
          now += 11 * MINUTE;
          const runs = await Promise.all(
            Array.from({ length: 4 }, (_, run) => (run % 2 ? second : first).captureQuietVersions()),
          );
          expect(runs.reduce((sum, kept) => sum + kept, 0)).toBe(1);
        }
        expect(await listVersions(second)).toHaveLength(3);
      },
      60_000,
    );

    it('[VC6] a restore is a live edit every connected peer sees, and the replaced text is kept first', async () => {
      const { relay, alice, advance } = await setUp();
      await write(relay, alice, 'the original plan', 'planoriginal');
      advance(11 * MINUTE);
      await relay.captureQuietVersions();
      const [original] = await listVersions(relay);
      const bob = await connectPeer(relay, formatNoteDocumentName(DOC));
      cleanups.push(async () => bob.destroy());
      removeParagraphContaining(alice.doc, 'planoriginal');
      await write(relay, alice, 'a rewritten plan', 'planrewritten');
      const response = await post(relay, `/versions/${original?.id}/restore`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { restored: string; captured: string | null };
      expect(body.restored).toBe(original?.id);
      await eventually(
        () => bob.text().includes('planoriginal') && !bob.text().includes('planrewritten'),
        () => `bob sees ${bob.text()}`,
      );
      await eventually(
        () => alice.text() === bob.text(),
        () => 'alice never saw the restore',
      );
      const kept = await readVersion(relay, body.captured ?? '');
      expect(kept.reason).toBe('before-restore');
      expect(kept.text).toContain('planrewritten');
    });

    it('[VC5, TR3] a trashed note keeps its history; a purged one is gone with it', async () => {
      const { relay, alice } = await setUp();
      await write(relay, alice, 'worth keeping', 'keepword');
      expect((await post(relay, '/versions')).status).toBe(201);
      expect((await post(relay, '/versions')).status).toBe(200);
      await postOps(relay, [{ opId: nextOpId(), kind: 'trashNote', docId: DOC }]);
      const [kept] = await listVersions(relay);
      expect((await readVersion(relay, kept?.id ?? '')).text).toContain('keepword');
      const refused = await post(relay, `/versions/${kept?.id}/restore`);
      expect([refused.status, ((await refused.json()) as { error: { code: string } }).error.code]).toEqual([
        409,
        'NOTE_IN_TRASH',
      ]);
      await postOps(relay, [{ opId: nextOpId(), kind: 'emptyTrash' }]);
      const gone = await authedFetch(relay, `/api/vaults/default/notes/${DOC}/versions`);
      expect(gone.status).toBe(404);
      expect(((await gone.json()) as { error: { code: string } }).error.code).toBe('NOTE_NOT_FOUND');
    });

    it('[HTTP1] bad history requests get clear errors', async () => {
      const { relay } = await setUp();
      const at = (suffix: string, init?: RequestInit) => authedFetch(relay, `/api/vaults/default/notes${suffix}`, init);
      const codeOf = async (response: Response) =>
        [response.status, ((await response.json()) as { error: { code: string } }).error.code] as const;
      expect(await codeOf(await at(`/${DOC}/versions/999`))).toEqual([404, 'VERSION_NOT_FOUND']);
      expect(await codeOf(await at(`/${DOC}/versions/abc`))).toEqual([404, 'VERSION_NOT_FOUND']);
      expect(await codeOf(await at('/not..an..id/versions'))).toEqual([404, 'NOTE_NOT_FOUND']);
      expect(await codeOf(await at(`/${DOC}/versions/1/restore`))).toEqual([405, 'METHOD_NOT_ALLOWED']);
      expect(await codeOf(await at(`/${DOC}/versions`, { method: 'POST', body: 'nope' }))).toEqual([
        400,
        'REQUEST_INVALID',
      ]);
    });
  });
}

// Appends a paragraph with a unique word and waits until the relay stored and indexed it.
async function write(relay: TestRelay, peer: Peer, text: string, word: string): Promise<void> {
  appendParagraph(peer.doc, `${text} ${word}`);
  await eventually(
    async () => (await search(relay, word)).length > 0,
    () => `${word} was never stored`,
  );
}

async function search(relay: TestRelay, query: string): Promise<string[]> {
  const response = await authedFetch(relay, `/api/vaults/default/search?q=${encodeURIComponent(query)}`);
  return ((await response.json()) as { results: Array<{ docId: string }> }).results.map((result) => result.docId);
}

async function listVersions(relay: TestRelay): Promise<VersionListing[]> {
  const response = await authedFetch(relay, `/api/vaults/default/notes/${DOC}/versions`);
  return ((await response.json()) as { versions: VersionListing[] }).versions;
}

async function readVersion(relay: TestRelay, id: string): Promise<VersionListing & { text: string }> {
  const response = await authedFetch(relay, `/api/vaults/default/notes/${DOC}/versions/${id}`);
  return ((await response.json()) as { version: VersionListing & { text: string } }).version;
}

function post(relay: TestRelay, suffix: string): Promise<Response> {
  return authedFetch(relay, `/api/vaults/default/notes/${DOC}${suffix}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
}
