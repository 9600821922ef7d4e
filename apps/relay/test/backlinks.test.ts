import { formatNoteDocumentName } from '@baalda/core';
import { linkedDocIdsOf } from '@baalda/markdown';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/openDatabase';
import { replaceNoteLinks } from '../src/links/linkStore';
import { nextOpId, postOps } from './apiBody';
import { pgliteBackend, testBackends } from './backends';
import { connectPeer, eventually } from './clients';
import { callTool, connectMcp } from './mcpClients';
import { addPerson, type Person } from './people';
import { adminFetch, authedFetch, startTestRelay, type TestRelay } from './relays';

const TARGET = 'linkTargetNote00001';
const SHARED = 'linkSharedNote00001';
const SECRET = 'linkSecretNote00001';
const CREATED = Date.UTC(2026, 11, 3);

interface Backlinks {
  backlinks: Array<{ docId: string; path: string; title: string }>;
  truncated: boolean;
}

describe('links between notes on the relay (BL1, BL2, LNK3)', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let bob: Person;
  let owner: Client;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    await postOps(relay, [
      { opId: nextOpId(), kind: 'createNote', docId: TARGET, path: 'Team/Roadmap.md', createdAt: CREATED },
      { opId: nextOpId(), kind: 'createNote', docId: SHARED, path: 'Team/Weekly.md', createdAt: CREATED },
      { opId: nextOpId(), kind: 'createNote', docId: SECRET, path: 'Private/Draft.md', createdAt: CREATED },
    ]);
    bob = await addPerson(relay, 'bob', 'editor');
    const restricted = await adminFetch(relay, '/api/admin/vaults/default/restrictions', {
      method: 'PUT',
      body: JSON.stringify({ path: 'Private', memberEmails: ['owner@baalda.test'] }),
    });
    expect(restricted.status).toBe(200);
    owner = await connectMcp(relay.httpUrl, relay.token);
    for (const [docId, text] of [
      [SHARED, 'Agenda: go through [[Roadmap#Q3|the roadmap]] and [[Nowhere yet]].'],
      [SECRET, 'Cut half of [[Team/Roadmap]] before anyone sees it.'],
    ] as const) {
      const written = await callTool(owner, 'update_note', { docId, text });
      expect(written.isError, written.text).toBe(false);
    }
  });

  afterAll(async () => {
    await owner.close();
    await relay.close();
    await dispose();
  });

  async function backlinksAs(fetcher: (path: string) => Promise<Response>, docId: string): Promise<Backlinks> {
    const response = await fetcher(`/api/vaults/default/notes/${docId}/backlinks`);
    expect(response.status).toBe(200);
    return (await response.json()) as Backlinks;
  }

  const ownerFetch = (path: string) => authedFetch(relay, path);
  const pathsOf = (answer: Backlinks) => answer.backlinks.map((link) => link.path);

  it('[LNK3, BL1] an assistant’s [[links]] point at the notes’ docIds, unresolved ones at none', async () => {
    const peer = await connectPeer(relay, formatNoteDocumentName(SHARED));
    expect(linkedDocIdsOf(peer.doc)).toEqual([TARGET]);
    peer.destroy();
  });

  it('[BL2, ACL5] backlinks list readable linking notes only: bob never sees nor counts the private one', async () => {
    await eventually(
      async () => pathsOf(await backlinksAs(ownerFetch, TARGET)).length === 2,
      () => 'the owner sees both links once the notes are stored',
    );
    expect(await backlinksAs(ownerFetch, TARGET)).toEqual({
      backlinks: [
        { docId: SECRET, path: 'Private/Draft.md', title: 'Draft' },
        { docId: SHARED, path: 'Team/Weekly.md', title: 'Weekly' },
      ],
      truncated: false,
    });
    const seenByBob = await backlinksAs(bob.fetch, TARGET);
    expect(seenByBob).toEqual({
      backlinks: [{ docId: SHARED, path: 'Team/Weekly.md', title: 'Weekly' }],
      truncated: false,
    });
    expect(JSON.stringify(seenByBob)).not.toMatch(/Private|Draft|linkSecret/);
    // ACL4: the private note's own backlinks answer like a note that does not exist.
    const hidden = await bob.fetch(`/api/vaults/default/notes/${SECRET}/backlinks`);
    expect(hidden.status).toBe(404);
    expect(((await hidden.json()) as { error: { code: string } }).error.code).toBe('NOTE_NOT_FOUND');
  });

  it('[LNK3, BL3] after a move, read_note names the new path; bob’s read never names the private note', async () => {
    await postOps(relay, [{ opId: nextOpId(), kind: 'moveNote', docId: TARGET, path: 'Plans/Q3 Roadmap.md' }]);
    const read = await callTool(owner, 'read_note', { docId: SHARED });
    expect(read.structured?.text).toBe('Agenda: go through [[Q3 Roadmap#Q3|the roadmap]] and [[Nowhere yet]].\n');
    const secret = await callTool(owner, 'read_note', { docId: SECRET });
    expect(secret.structured?.text).toBe('Cut half of [[Q3 Roadmap]] before anyone sees it.\n');
    expect(pathsOf(await backlinksAs(bob.fetch, TARGET))).toEqual(['Team/Weekly.md']);
  });

  it('[BL2] a trashed linking note leaves the backlinks; restored, it is back', async () => {
    await postOps(relay, [{ opId: nextOpId(), kind: 'trashNote', docId: SHARED }]);
    expect(pathsOf(await backlinksAs(ownerFetch, TARGET))).toEqual(['Private/Draft.md']);
    await postOps(relay, [{ opId: nextOpId(), kind: 'restoreNote', docId: SHARED }]);
    expect(pathsOf(await backlinksAs(ownerFetch, TARGET))).toEqual(['Private/Draft.md', 'Team/Weekly.md']);
  });
});

describe.each(testBackends().map((backend) => [backend.name, backend] as const))(
  'link rows on %s (BL1)',
  (_name, backend) => {
    it('[BL1] only a later document version replaces a note’s link rows; the note itself and repeats are dropped', async () => {
      const database = await backend.create();
      const opened = await openDatabase(database.target);
      try {
        const { prisma } = opened;
        await prisma.$executeRaw`
        INSERT INTO note_index (doc_id, vault_id, path, title, content, vector, embedder, version, live, updated_at)
        VALUES ('source', 'default', 'a.md', 'a', '', '\\x'::bytea, 'none', 0, true, now())`;
        const rows = async () =>
          (await prisma.noteLink.findMany({ where: { sourceDocId: 'source' } })).map((row) => row.targetDocId).sort();
        expect(await replaceNoteLinks(prisma, 'source', 5, ['b', 'c', 'b', 'source'])).toBe(true);
        expect(await rows()).toEqual(['b', 'c']);
        expect(await replaceNoteLinks(prisma, 'source', 4, ['stale'])).toBe(false);
        expect(await replaceNoteLinks(prisma, 'source', 5, ['stale'])).toBe(false);
        expect(await rows()).toEqual(['b', 'c']);
        expect(await replaceNoteLinks(prisma, 'source', 6, [])).toBe(true);
        expect(await rows()).toEqual([]);
        expect(await replaceNoteLinks(prisma, 'no-index-row', 1, ['b'])).toBe(false);
      } finally {
        await opened.close();
        await database.dispose();
      }
    });

    it('[LIM20, BL1] a note keeps the first 1,000 distinct links it names as rows, in the order named', async () => {
      const database = await backend.create();
      const opened = await openDatabase(database.target);
      try {
        const { prisma } = opened;
        await prisma.$executeRaw`
        INSERT INTO note_index (doc_id, vault_id, path, title, content, vector, embedder, version, live, updated_at)
        VALUES ('source', 'default', 'a.md', 'a', '', '\\x'::bytea, 'none', 0, true, now())`;
        const targets = Array.from({ length: 1_200 }, (_, index) => `target${String(index).padStart(4, '0')}`);
        expect(await replaceNoteLinks(prisma, 'source', 1, [targets[0] as string, ...targets])).toBe(true);
        const rows = await prisma.noteLink.findMany({ where: { sourceDocId: 'source' } });
        expect(rows.map((row) => row.targetDocId).sort()).toEqual(targets.slice(0, 1_000));
      } finally {
        await opened.close();
        await database.dispose();
      }
    });
  },
);
