import { formatNoteDocumentName, type OpOutcome } from '@baalda/core';
import { markdownOfDocument } from '@baalda/markdown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextOpId, postOps } from '../apiBody';
import { pgliteBackend } from '../backends';
import { appendParagraph, connectPeer, eventually, type Peer } from '../clients';
import { callTool, connectMcp } from '../mcpClients';
import { addPerson, type Person } from '../people';
import { adminFetch, startTestRelay, type TestRelay } from '../relays';
import { randomId } from '../testVaults';

// The attack as the probe ran it: a note's id is no secret (note URLs, a removed member's offline copy, the
// mirror's state, `.baalda-ids.json`), so an id alone must never move a note out of its vault.
const SECRET = 'hrLayoffsNote_00001';
const SHARED = 'teamPlanNote_000001';
const CREATED = Date.UTC(2026, 11, 1);

describe('[DOC5] a note belongs to its vault forever: its id alone takes it nowhere', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let viewer: Person;
  let editor: Person;
  const peers: Peer[] = [];

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    await postOps(relay, [
      { opId: nextOpId(), kind: 'createNote', docId: SECRET, path: 'HR/Layoffs 2027 list.md', createdAt: CREATED },
      { opId: nextOpId(), kind: 'createNote', docId: SHARED, path: 'Team/Plan.md', createdAt: CREATED },
    ]);
    const peer = await connectPeer(relay, formatNoteDocumentName(SECRET));
    appendParagraph(peer.doc, 'names on the list');
    peers.push(peer);
    viewer = await addPerson(relay, 'viewer', 'viewer');
    editor = await addPerson(relay, 'editor', 'editor');
    const restricted = await adminFetch(relay, '/api/admin/vaults/default/restrictions', {
      method: 'PUT',
      body: JSON.stringify({ path: 'HR', memberEmails: ['owner@baalda.test'] }),
    });
    expect(restricted.status).toBe(200);
  });

  afterAll(async () => {
    for (const peer of peers) peer.destroy();
    await relay.close();
    await dispose();
  });

  async function ownVaultOf(person: Person, name: string): Promise<string> {
    const created = await person.browserFetch('/api/vaults', { method: 'POST', body: JSON.stringify({ name }) });
    expect(created.status).toBe(201);
    return ((await created.json()) as { vault: { id: string } }).vault.id;
  }

  async function opAs(person: Person, vaultId: string, op: Record<string, unknown>): Promise<OpOutcome> {
    const answer = await person.browserFetch(`/api/vaults/${vaultId}/ops`, {
      method: 'POST',
      body: JSON.stringify({ ops: [{ opId: nextOpId(), ...op }] }),
    });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { results: OpOutcome[] }).results[0] as OpOutcome;
  }

  async function ownerTree(): Promise<Array<{ docId: string; path: string }>> {
    const tree = await fetch(`${relay.httpUrl}/api/vaults/default/tree`, {
      headers: { authorization: `Bearer ${relay.token}` },
    });
    return ((await tree.json()) as { notes: Array<{ docId: string; path: string }> }).notes;
  }

  it('[DOC5] a viewer creating a note in a vault of their own under a private note’s id is refused; the note stays where it was', async () => {
    const loot = await ownVaultOf(viewer, 'Loot');
    const outcome = await opAs(viewer, loot, {
      kind: 'createNote',
      docId: SECRET,
      path: 'loot.md',
      createdAt: CREATED,
    });
    expect(outcome).toMatchObject({ ok: false, code: 'DOC_ID_UNAVAILABLE' });
    expect((await ownerTree()).find((note) => note.docId === SECRET)?.path).toBe('HR/Layoffs 2027 list.md');
    const versions = await viewer.browserFetch(`/api/vaults/${loot}/notes/${SECRET}/versions`);
    expect(versions.status).toBe(404);
    const owners = await connectPeer(relay, formatNoteDocumentName(SECRET));
    peers.push(owners);
    expect(markdownOfDocument(owners.doc)).toContain('names on the list');
  });

  it('[DOC5] the same attack with an attachment upload under the private note’s id is refused', async () => {
    const loot = await ownVaultOf(viewer, 'Loot by upload');
    const answer = await viewer.browserFetch(`/api/vaults/${loot}/attachments/${SECRET}?path=loot.pdf`, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: 'bytes',
    });
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ error: { code: 'DOC_ID_UNAVAILABLE' } });
    expect((await ownerTree()).find((note) => note.docId === SECRET)?.path).toBe('HR/Layoffs 2027 list.md');
  });

  it('[DOC5, ACL9] an id held elsewhere, hidden here, purged or unknown-but-retired answers one way; a fresh id is created', async () => {
    const own = await ownVaultOf(editor, 'Elsewhere');
    const answers = [
      await opAs(editor, own, { kind: 'createNote', docId: SHARED, path: 'a.md', createdAt: CREATED }),
      await opAs(editor, 'default', { kind: 'createNote', docId: SECRET, path: 'b.md', createdAt: CREATED }),
    ];
    const purged = randomId();
    await postOps(relay, [
      { opId: nextOpId(), kind: 'createNote', docId: purged, path: 'Gone.md', createdAt: CREATED },
      { opId: nextOpId(), kind: 'trashNote', docId: purged },
      { opId: nextOpId(), kind: 'purgeNote', docId: purged },
    ]);
    answers.push(await opAs(editor, own, { kind: 'createNote', docId: purged, path: 'c.md', createdAt: CREATED }));
    answers.push(
      await opAs(editor, 'default', { kind: 'createNote', docId: purged, path: 'd.md', createdAt: CREATED }),
    );
    const shapes = answers.map((answer) => ({ ...answer, opId: '', kind: answer.kind }));
    for (const shape of shapes) expect(shape).toEqual(shapes[0]);
    expect(shapes[0]).toMatchObject({ ok: false, code: 'DOC_ID_UNAVAILABLE' });
    expect(
      await opAs(editor, own, { kind: 'createNote', docId: randomId(), path: 'e.md', createdAt: CREATED }),
    ).toMatchObject({
      ok: true,
    });
  });

  it('[DOC5] moving, trashing or purging another vault’s note by its id answers as for an id nobody has', async () => {
    const own = await ownVaultOf(editor, 'Mover');
    for (const op of [
      { kind: 'moveNote', path: 'x.md' },
      { kind: 'trashNote' },
      { kind: 'restoreNote' },
      { kind: 'purgeNote' },
    ]) {
      const foreign = await opAs(editor, own, { ...op, docId: SHARED });
      const unknown = await opAs(editor, own, { ...op, docId: randomId() });
      expect({ ...foreign, opId: '' }).toEqual({ ...unknown, opId: '' });
    }
    await eventually(
      async () => (await ownerTree()).find((note) => note.docId === SHARED)?.path === 'Team/Plan.md',
      () => 'the shared note is where it was',
    );
  });

  it('[ACL9] creating a vault under a name someone else’s vault has answers as for a free name', async () => {
    const first = await editor.browserFetch('/api/vaults', { method: 'POST', body: JSON.stringify({ name: 'Board' }) });
    const second = await viewer.browserFetch('/api/vaults', {
      method: 'POST',
      body: JSON.stringify({ name: 'Board' }),
    });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    const ids = [first, second].map(async (answer) => ((await answer.json()) as { vault: { id: string } }).vault.id);
    const [a, b] = await Promise.all(ids);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^board-[a-z0-9]{8}$/);
    expect(b).toMatch(/^board-[a-z0-9]{8}$/);
  });

  it('[ACL9] moving or trashing a private folder one can’t read answers as for a folder that doesn’t exist', async () => {
    for (const [hidden, missing] of [
      [
        { kind: 'trashFolder', path: 'HR' },
        { kind: 'trashFolder', path: 'HQ' },
      ],
      [
        { kind: 'moveFolder', path: 'HR', newPath: 'Out' },
        { kind: 'moveFolder', path: 'HQ', newPath: 'Out' },
      ],
    ] as const) {
      const refusedHidden = await opAs(editor, 'default', hidden);
      const refusedMissing = await opAs(editor, 'default', missing);
      expect(refusedHidden).toMatchObject({ ok: false, code: 'FOLDER_NOT_FOUND' });
      expect(refusedHidden.ok === false && refusedHidden.message).toBe(
        refusedMissing.ok === false && refusedMissing.message.replace('HQ', 'HR'),
      );
    }
    expect((await ownerTree()).find((note) => note.docId === SECRET)?.path).toBe('HR/Layoffs 2027 list.md');
  });

  it('[ACL9] an assistant creating a note in a private folder is not told it may read anything there', async () => {
    const client = await connectMcp(relay.httpUrl, editor.token);
    try {
      const answer = await callTool(client, 'create_note', { path: 'HR/x.md', text: 'probe' });
      expect(answer.isError).toBe(true);
      expect(answer.text).toMatch(/FORBIDDEN/);
      expect(answer.text).not.toMatch(/read/i);
    } finally {
      await client.close();
    }
  });
});
