import { formatNoteDocumentName } from '@baalda/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextOpId, postOps } from './apiBody';
import { pgliteBackend } from './backends';
import { appendParagraph, connectPeer, eventually } from './clients';
import { addPerson, type Person } from './people';
import { adminFetch, authedFetch, startTestRelay, type TestRelay } from './relays';

const SECRET = 'privateHttpNote0001';
const PLAN = 'sharedHttpNote00001';
const CREATED = Date.UTC(2026, 10, 30);

interface TreeAnswer {
  notes: Array<{ docId: string; path: string }>;
  folders: string[];
  explicitFolders: string[];
}

describe('private folders over HTTP (ACL2, ACL4, ACL5, ACL7)', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let bob: Person;
  const peers: Array<{ destroy(): void }> = [];

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    await postOps(relay, [
      { opId: nextOpId(), kind: 'createNote', docId: PLAN, path: 'Team/Plan.md', createdAt: CREATED },
      { opId: nextOpId(), kind: 'createNote', docId: SECRET, path: 'Team/Private/Layoffs.md', createdAt: CREATED },
      { opId: nextOpId(), kind: 'createFolder', path: 'Team/Private/Empty' },
    ]);
    for (const [docId, text] of [
      [PLAN, 'quarterly roadmap for everyone'],
      [SECRET, 'quarterly layoffs roadmap, keep quiet'],
    ] as const) {
      const peer = await connectPeer(relay, formatNoteDocumentName(docId));
      appendParagraph(peer.doc, text);
      peers.push(peer);
    }
    bob = await addPerson(relay, 'bob', 'editor');
    const restricted = await adminFetch(relay, '/api/admin/vaults/default/restrictions', {
      method: 'PUT',
      body: JSON.stringify({ path: 'Team/Private', memberEmails: ['owner@baalda.test'] }),
    });
    expect(restricted.status).toBe(200);
    await eventually(
      async () => (await searchAs((path) => authedFetch(relay, path), 'layoffs')).length === 1,
      () => 'the owner finds the private note by its text',
    );
  });

  afterAll(async () => {
    for (const peer of peers) peer.destroy();
    await relay.close();
    await dispose();
  });

  async function searchAs(fetcher: (path: string) => Promise<Response>, query: string): Promise<string[]> {
    const response = await fetcher(`/api/vaults/default/search?q=${encodeURIComponent(query)}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { results: Array<{ docId: string }> }).results.map((hit) => hit.docId);
  }

  it('[ACL2, ACL5] the tree, trash and search show a non-member nothing of a private folder', async () => {
    const tree = (await (await bob.fetch('/api/vaults/default/tree')).json()) as TreeAnswer;
    expect(tree.notes.map((note) => note.path)).toEqual(['Team/Plan.md']);
    expect(JSON.stringify(tree)).not.toMatch(/Private|Layoffs/);
    expect(await searchAs(bob.fetch, 'layoffs')).toEqual([]);
    expect(await searchAs(bob.fetch, 'quarterly roadmap')).toEqual([PLAN]);
    const ownerTree = (await (await authedFetch(relay, '/api/vaults/default/tree')).json()) as TreeAnswer;
    expect(ownerTree.notes.map((note) => note.path)).toContain('Team/Private/Layoffs.md');
    expect(ownerTree.folders).toContain('Team/Private/Empty');
  });

  it('[ACL5, LEX3] hidden notes do not move a non-member’s scores: same as a vault without them', async () => {
    const response = await bob.fetch('/api/vaults/default/search?q=quarterly%20roadmap');
    const [hit] = ((await response.json()) as { results: Array<{ score: number }> }).results;
    const owner = await authedFetch(relay, '/api/vaults/default/search?q=quarterly%20roadmap');
    const ownerHits = ((await owner.json()) as { results: Array<{ docId: string; score: number }> }).results;
    expect(ownerHits).toHaveLength(2);
    // One visible note of two: BM25's idf differs, so an equal score would mean the hidden one counted.
    expect(hit?.score).not.toBe(ownerHits.find((h) => h.docId === PLAN)?.score);
  });

  it('[ACL4] history and direct ids of a private note answer NOTE_NOT_FOUND, like a note that is not there', async () => {
    for (const path of [
      `/api/vaults/default/notes/${SECRET}/versions`,
      '/api/vaults/default/notes/noSuchNote000000001/versions',
    ]) {
      const response = await bob.fetch(path);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOTE_NOT_FOUND');
    }
    const restrictions = await bob.fetch('/api/vaults/default/restrictions');
    expect(await restrictions.json()).toEqual({ restrictions: [] });
  });

  it('[ACL7, ACL9] ops into, on or around a private folder are refused without saying what is there', async () => {
    const response = await bob.fetch('/api/vaults/default/ops', {
      method: 'POST',
      body: JSON.stringify({
        ops: [
          {
            opId: nextOpId(),
            kind: 'createNote',
            docId: 'bobsIntruder0000001',
            path: 'Team/Private/Mine.md',
            createdAt: CREATED,
          },
          { opId: nextOpId(), kind: 'moveNote', docId: SECRET, path: 'Stolen.md' },
          { opId: nextOpId(), kind: 'trashNote', docId: SECRET },
          { opId: nextOpId(), kind: 'moveFolder', path: 'Team', newPath: 'Renamed' },
          { opId: nextOpId(), kind: 'trashFolder', path: 'Team' },
          { opId: nextOpId(), kind: 'createNote', docId: SECRET, path: 'Hijack.md', createdAt: CREATED },
        ],
      }),
    });
    const { results } = (await response.json()) as { results: Array<{ ok: boolean; code?: string; message?: string }> };
    expect(results.map((result) => result.code)).toEqual([
      'FORBIDDEN',
      'NOTE_NOT_FOUND',
      'NOTE_NOT_FOUND',
      'FORBIDDEN',
      'FORBIDDEN',
      // DOC5, ACL9: the hidden note's id answers as a purged or another vault's id does.
      'DOC_ID_UNAVAILABLE',
    ]);
    expect(JSON.stringify(results)).not.toMatch(/Layoffs/);
    const ownerTree = (await (await authedFetch(relay, '/api/vaults/default/tree')).json()) as TreeAnswer;
    expect(ownerTree.notes.map((note) => note.path).sort()).toEqual(['Team/Plan.md', 'Team/Private/Layoffs.md']);
  });

  it('[ACL2] a restriction follows its folder when the owner moves it', async () => {
    const moved = await postOps(relay, [
      { opId: nextOpId(), kind: 'moveFolder', path: 'Team/Private', newPath: 'Archive/Private' },
    ]);
    expect(((await moved.json()) as { results: Array<{ ok: boolean }> }).results[0]?.ok).toBe(true);
    const tree = (await (await bob.fetch('/api/vaults/default/tree')).json()) as TreeAnswer;
    expect(JSON.stringify(tree)).not.toMatch(/Private|Layoffs/);
    const listed = await authedFetch(relay, '/api/vaults/default/restrictions');
    const { restrictions } = (await listed.json()) as { restrictions: Array<{ path: string }> };
    expect(restrictions.map((restriction) => restriction.path)).toEqual(['Archive/Private']);
  });

  it('[ACL1] a viewer’s ops are all refused', async () => {
    const viewer = await addPerson(relay, 'victor', 'viewer');
    const response = await viewer.fetch('/api/vaults/default/ops', {
      method: 'POST',
      body: JSON.stringify({ ops: [{ opId: nextOpId(), kind: 'createFolder', path: 'Viewer was here' }] }),
    });
    const { results } = (await response.json()) as { results: Array<{ code?: string }> };
    expect(results[0]?.code).toBe('FORBIDDEN');
  });
});
