import type { OpOutcome } from '@baalda/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteBackend } from '../backends';
import { addPerson, type Person } from '../people';
import { adminFetch, authedFetch, startTestRelay, type TestRelay } from '../relays';
import { randomId } from '../testVaults';

// Op ids make a resent batch idempotent (OP3). They are no secret either: a mirror's outbox and state files
// hold them. A stored outcome names the path the op put a note at, so it may answer only the one who sent it.
describe('[OP3, ACL9] an op id answers with its stored outcome only to its own sender in its own vault', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let bob: Person;
  const ownersOpId = randomId();
  const hrNote = randomId();

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    bob = await addPerson(relay, 'bob', 'editor');
    expect(await ownersCreate()).toMatchObject({ ok: true, path: 'HR/Layoffs 2027 list.md' });
    const restricted = await adminFetch(relay, '/api/admin/vaults/default/restrictions', {
      method: 'PUT',
      body: JSON.stringify({ path: 'HR', memberEmails: ['owner@baalda.test'] }),
    });
    expect(restricted.status).toBe(200);
  });

  afterAll(async () => {
    await relay.close();
    await dispose();
  });

  // The owner's create of the hidden note, sent (and resent) under the op id the attacks reuse.
  async function ownersCreate(): Promise<OpOutcome> {
    const op = {
      opId: ownersOpId,
      kind: 'createNote',
      docId: hrNote,
      path: 'HR/Layoffs 2027 list.md',
      createdAt: Date.UTC(2026, 11, 1),
    };
    const answer = await authedFetch(relay, '/api/vaults/default/ops', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ops: [op] }),
    });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { results: OpOutcome[] }).results[0] as OpOutcome;
  }

  async function send(person: Person, vaultId: string, op: Record<string, unknown>): Promise<OpOutcome> {
    const answer = await person.browserFetch(`/api/vaults/${vaultId}/ops`, {
      method: 'POST',
      body: JSON.stringify({ ops: [op] }),
    });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { results: OpOutcome[] }).results[0] as OpOutcome;
  }

  it('[OP3, ACL9] another member reusing the owner’s op id in the same vault gets their own op applied, not the owner’s outcome', async () => {
    const mine = randomId();
    const outcome = await send(bob, 'default', {
      opId: ownersOpId,
      kind: 'createNote',
      docId: mine,
      path: 'Bob.md',
      createdAt: Date.UTC(2026, 11, 1),
    });
    expect(JSON.stringify(outcome)).not.toMatch(/Layoffs|HR/);
    expect(outcome).toMatchObject({ ok: true, docId: mine, path: 'Bob.md' });
  });

  it('[OP3, DOC5] someone reusing the op id from a vault of their own learns nothing of the other vault', async () => {
    const created = await bob.browserFetch('/api/vaults', {
      method: 'POST',
      body: JSON.stringify({ name: 'Bob own' }),
    });
    const { vault } = (await created.json()) as { vault: { id: string } };
    const outcome = await send(bob, vault.id, { opId: ownersOpId, kind: 'trashNote', docId: randomId() });
    expect(JSON.stringify(outcome)).not.toMatch(/Layoffs|HR/);
    expect(outcome).toMatchObject({ ok: false, code: 'NOTE_NOT_FOUND' });
  });

  it('[OP3] the sender’s own resend still answers with the stored outcome and changes nothing', async () => {
    expect(await ownersCreate()).toMatchObject({ ok: true, docId: hrNote, path: 'HR/Layoffs 2027 list.md' });
  });
});
