import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextOpId, postOps } from '../apiBody';
import { pgliteBackend } from '../backends';
import { connectWithOAuth, consentThroughApi, MemoryOAuthClient } from '../oauthClients';
import { addPerson, grantRole, type Person } from '../people';
import { adminFetch, startTestRelay, type TestRelay } from '../relays';

const SECRET = 'hrSalaryReviewNote01';

// Bob was in HR's private folder and had a token and an assistant for the vault. He is removed from the vault
// and, months later, invited back as a viewer of the rest: he must start clean, not find his old token, his
// assistant's grant and the HR folder working again.
describe('a removed member who is added again (ACC15)', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let alice: Person;
  let bob: Person;
  let assistantToken = '';

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    await postOps(relay, [
      {
        opId: nextOpId(),
        kind: 'createNote',
        docId: SECRET,
        path: 'HR/Salaries.md',
        createdAt: Date.UTC(2026, 10, 30),
      },
    ]);
    alice = await addPerson(relay, 'alice', 'owner');
    bob = await addPerson(relay, 'bob', 'editor');
    const restricted = await adminFetch(relay, '/api/admin/vaults/default/restrictions', {
      method: 'PUT',
      body: JSON.stringify({ path: 'HR', memberEmails: [alice.email, bob.email] }),
    });
    expect(restricted.status).toBe(200);
    const assistant = new MemoryOAuthClient('Bob’s assistant');
    await (
      await connectWithOAuth(relay.httpUrl, assistant, (url) =>
        consentThroughApi(url, bob.cookie, { vaultId: 'default', readOnly: false }),
      )
    ).close();
    assistantToken = assistant.saved?.access_token ?? '';
  });

  afterAll(async () => {
    await relay.close();
    await dispose();
  });

  const mcpStatus = async () =>
    (
      await fetch(`${relay.httpUrl}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${assistantToken}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      })
    ).status;

  it('[ACC15] removed and added again, a member gets neither their old token, grant nor private folder back', async () => {
    expect((await bob.fetch(`/api/vaults/default/notes/${SECRET}/versions`)).status).toBe(200);
    expect(await mcpStatus()).toBe(200);
    const removed = await alice.browserFetch(`/api/vaults/default/members/${bob.userId}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    await grantRole(relay, bob.email, 'viewer');

    expect((await bob.fetch('/api/vaults/default/tree')).status).toBe(401);
    expect(await mcpStatus()).toBe(401);
    const tree = (await (await bob.browserFetch('/api/vaults/default/tree')).json()) as {
      notes: Array<{ path: string }>;
    };
    expect(tree.notes.map((note) => note.path)).not.toContain('HR/Salaries.md');
    expect((await bob.browserFetch(`/api/vaults/default/notes/${SECRET}/versions`)).status).toBe(404);
    const restrictions = (await (await alice.browserFetch('/api/vaults/default/restrictions')).json()) as {
      restrictions: Array<{ path: string; members: Array<{ userId: string }> }>;
    };
    expect(restrictions.restrictions).toEqual([
      { path: 'HR', members: [expect.objectContaining({ userId: alice.userId })] },
    ]);
    const tokens = (await (await adminFetch(relay, '/api/admin/tokens')).json()) as {
      tokens: Array<{ userId: string; vaultId: string }>;
    };
    expect(tokens.tokens.filter((token) => token.userId === bob.userId)).toEqual([]);
  });
});
