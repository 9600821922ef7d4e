import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextOpId, postOps } from '../apiBody';
import { uploadAttachment } from '../attachmentUploads';
import { pgliteBackend } from '../backends';
import { addPerson, type Person } from '../people';
import { adminFetch, startTestRelay, type TestRelay } from '../relays';
import { createOwnedVault, randomId } from '../testVaults';

// The probe's attack: an upload under an id that already has an attachment was taken for a retry of that
// upload (OP3) and answered with the entry's path — whoever sent it, whatever the bytes — so anyone who
// could write anywhere learned where a private file lives, and where it went after every rename.
const PLAN = 'Board/merger-plan.pdf';
const PLAN_BYTES = '%PDF-1.4 we buy them in March';

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

describe('attack: re-uploading under a private attachment’s id (ATT2)', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let bob: Person;
  let planId: string;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    bob = await addPerson(relay, 'bob', 'editor');
    planId = randomId();
    expect((await asOwner(planId, PLAN, PLAN_BYTES)).status).toBe(201);
    const restricted = await adminFetch(relay, '/api/admin/vaults/default/restrictions', {
      method: 'PUT',
      body: JSON.stringify({ path: 'Board', memberEmails: ['owner@baalda.test'] }),
    });
    expect(restricted.status).toBe(200);
  });

  afterAll(async () => {
    await relay.close();
    await dispose();
  });

  async function answerOf(response: Response): Promise<Answer> {
    return { status: response.status, body: await response.json() };
  }

  async function asOwner(docId: string, path: string, body: string, vaultId = 'default', token = relay.token) {
    return answerOf(await uploadAttachment(relay, { token }, { docId, path, body, vaultId }));
  }

  async function asBob(docId: string, body: string): Promise<Answer> {
    return answerOf(await uploadAttachment(relay, { token: bob.token }, { docId, path: 'Inbox/x.pdf', body }));
  }

  /** What an id bob can't use answers when it lives in another vault, or was deleted for good. */
  async function unusableIdAnswers(): Promise<Answer[]> {
    const elsewhere = await createOwnedVault(relay);
    const foreign = randomId();
    expect((await asOwner(foreign, 'Elsewhere/file.pdf', 'x', elsewhere.vaultId, elsewhere.token)).status).toBe(201);
    const purged = randomId();
    expect((await asOwner(purged, 'Gone/file.pdf', 'x')).status).toBe(201);
    await postOps(relay, [
      { opId: nextOpId(), kind: 'trashNote', docId: purged },
      { opId: nextOpId(), kind: 'purgeNote', docId: purged },
    ]);
    return [await asBob(foreign, 'x'), await asBob(purged, 'x')];
  }

  it('[ATT2, ACL4] attack: an editor outside Board re-uploading under the plan’s id learns no path: the answer is a foreign or purged id’s', async () => {
    const guesses = [await asBob(planId, 'anything'), await asBob(planId, PLAN_BYTES)];
    const unusable = await unusableIdAnswers();
    for (const answer of [...guesses, ...unusable]) {
      expect(answer).toEqual({
        status: 409,
        body: { error: { code: 'DOC_ID_UNAVAILABLE', message: 'That id cannot be used for this; make a new one.' } },
      });
    }
    expect(JSON.stringify(guesses)).not.toMatch(/Board|merger/);
  });

  it('[ATT2, ACL4] attack: after the owner renames the plan, the same upload still names nothing', async () => {
    await postOps(relay, [{ opId: nextOpId(), kind: 'moveNote', docId: planId, path: 'Board/Q3 deal.pdf' }]);
    const answer = await asBob(planId, PLAN_BYTES);
    expect(answer.status).toBe(409);
    expect(JSON.stringify(answer.body)).not.toMatch(/Board|deal/);
  });

  it('[ATT2, OP3] a retry is the owner’s same bytes: answered 200 with the entry; other bytes under the id are refused like an unusable id', async () => {
    const id = randomId();
    expect((await asOwner(id, 'Board/minutes.pdf', 'minutes v1')).status).toBe(201);
    const retry = await asOwner(id, 'Board/minutes.pdf', 'minutes v1');
    expect(retry).toMatchObject({ status: 200, body: { docId: id, path: 'Board/minutes.pdf' } });
    const other = await asOwner(id, 'Board/minutes.pdf', 'minutes v2, nothing like the first');
    expect(other).toEqual({
      status: 409,
      body: { error: { code: 'DOC_ID_UNAVAILABLE', message: 'That id cannot be used for this; make a new one.' } },
    });
  });
});
