import { formatNoteDocumentName } from '@baalda/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextOpId, postOps } from '../apiBody';
import { pgliteBackend } from '../backends';
import { eventually } from '../clients';
import { connectWithOAuth, consentThroughApi, MemoryOAuthClient } from '../oauthClients';
import { addPerson, type Person } from '../people';
import { adminFetch, startTestRelay, type TestRelay } from '../relays';
import { openAs, type Session } from '../syncAs';

const NOTE = 'disabledAccountNote1';

// Bob's laptop was stolen with his sessions open, a personal token in a script and an assistant connected
// with OAuth. The operator disables his account: every one of them must stop at once, open sockets too,
// and stay stopped when the account is enabled again (he signs in afresh).
describe('a disabled account (ACC13)', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let bob: Person;
  const open: Session[] = [];

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    await postOps(relay, [
      { opId: nextOpId(), kind: 'createNote', docId: NOTE, path: 'Plans.md', createdAt: Date.UTC(2026, 10, 30) },
    ]);
    bob = await addPerson(relay, 'bob', 'editor');
  });

  afterAll(async () => {
    for (const session of open) session.destroy();
    await relay.close();
    await dispose();
  });

  const setDisabled = (disabled: boolean) =>
    adminFetch(relay, '/api/admin/users/disabled', {
      method: 'PUT',
      body: JSON.stringify({ email: bob.email, disabled }),
    });
  const signIn = () =>
    fetch(`${relay.httpUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: bob.email, password: bob.password }),
    });
  const mcpWith = (token: string) =>
    fetch(`${relay.httpUrl}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
  const codeOf = async (response: Response) => ((await response.json()) as { error?: { code: string } }).error?.code;

  it('[ACC13] disabling an account refuses its session, token, OAuth grant and open sockets at once', async () => {
    const assistant = new MemoryOAuthClient('Bob’s assistant');
    const client = await connectWithOAuth(relay.httpUrl, assistant, (url) =>
      consentThroughApi(url, bob.cookie, { vaultId: 'default', readOnly: false }),
    );
    await client.close();
    const oauthAccess = assistant.saved?.access_token ?? '';
    expect((await mcpWith(oauthAccess)).status).toBe(200);
    const byToken = await openAs(relay.syncUrl, bob.token, formatNoteDocumentName(NOTE));
    const bySession = await openAs(relay.syncUrl, '', formatNoteDocumentName(NOTE), bob.cookie);
    open.push(byToken, bySession);
    expect([byToken.synced(), bySession.synced()]).toEqual([true, true]);

    const disabled = await setDisabled(true);
    expect(disabled.status).toBe(200);
    expect(await disabled.json()).toMatchObject({ user: { email: bob.email }, disabled: true });
    expect((await bob.browserFetch('/api/vaults')).status).toBe(401);
    expect((await bob.fetch('/api/vaults/default/tree')).status).toBe(401);
    expect((await mcpWith(oauthAccess)).status).toBe(401);
    await eventually(
      () => byToken.denials.length > 0 && bySession.denials.length > 0,
      () => `still open: token ${byToken.denials}, session ${bySession.denials}`,
      5000,
    );
    const refused = await signIn();
    expect(refused.status).toBe(403);
    expect(await codeOf(refused)).toBe('ACCOUNT_DISABLED');
  });

  it('[ACC13] enabling it again lets its owner sign in afresh; what was ended stays ended', async () => {
    const enabled = await setDisabled(false);
    expect(enabled.status).toBe(200);
    expect(await enabled.json()).toMatchObject({ disabled: false });
    expect((await signIn()).status).toBe(200);
    expect((await bob.browserFetch('/api/vaults')).status).toBe(401);
    expect((await bob.fetch('/api/vaults/default/tree')).status).toBe(401);
  });

  it('[ACC13] an unknown email answers USER_NOT_FOUND', async () => {
    const response = await adminFetch(relay, '/api/admin/users/disabled', {
      method: 'PUT',
      body: JSON.stringify({ email: 'nobody@baalda.test', disabled: true }),
    });
    expect(response.status).toBe(404);
    expect(await codeOf(response)).toBe('USER_NOT_FOUND');
  });
});
