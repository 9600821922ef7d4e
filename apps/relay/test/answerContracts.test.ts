import {
  ADMIN_PASSWORD_RESET_ANSWER,
  ADMIN_RESTRICTED_ANSWER,
  ADMIN_ROLE_SET_ANSWER,
  ADMIN_TOKEN_LIST_ANSWER,
  ADMIN_TOKEN_REVOKED_ANSWER,
  ADMIN_UNRESTRICTED_ANSWER,
  ADMIN_USER_CREATED_ANSWER,
  ADMIN_USER_DISABLED_ANSWER,
  ADMIN_VAULT_CREATED_ANSWER,
  AUTH_STATE_ANSWER,
  describeSchemaError,
  ERROR_ANSWER,
  HEALTH_ANSWER,
  INVITE_CREATED_ANSWER,
  INVITE_OFFER_ANSWER,
  MEMBER_CHANGED_ANSWER,
  MEMBER_LIST_ANSWER,
  OPS_ANSWER,
  PASSWORD_CHANGED_ANSWER,
  REINDEX_LINE,
  RESTRICTION_LIST_ANSWER,
  RESTRICTION_SAVED_ANSWER,
  SEARCH_ANSWER,
  SESSION_ANSWER,
  TOKEN_CREATED_ANSWER,
  TOKEN_LIST_ANSWER,
  TRASH_ANSWER,
  TREE_ANSWER,
  VAULT_CREATED_ANSWER,
  VAULT_LIST_ANSWER,
  VERSION_LIST_ANSWER,
} from '@baalda/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { nextOpId, postOps } from './apiBody';
import { pgliteBackend } from './backends';
import { addPerson, type Person } from './people';
import { adminFetch, startTestRelay, type TestRelay } from './relays';

/** Asserts a relay answer has the status and parses with its schema from core, naming what broke if not. */
async function expectAnswer(response: Response, status: number, schema: z.ZodType): Promise<unknown> {
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  const parsed = schema.safeParse(body);
  expect(parsed.success || describeSchemaError(parsed.error)).toBe(true);
  return body;
}

describe('the relay answers as its contracts in core say (CT1)', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let alice: Person;
  let bob: Person;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    alice = await addPerson(relay, 'alice', 'owner');
    bob = await addPerson(relay, 'bob', 'editor');
  });

  afterAll(async () => {
    await relay.close();
    await dispose();
  });

  const send = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });

  it('[CT1] health, auth state and sign-in', async () => {
    await expectAnswer(await fetch(`${relay.httpUrl}/api/health`), 200, HEALTH_ANSWER);
    await expectAnswer(await fetch(`${relay.httpUrl}/api/auth/state`), 200, AUTH_STATE_ANSWER);
    await expectAnswer(await alice.browserFetch('/api/auth/state'), 200, AUTH_STATE_ANSWER);
    const signIn = await fetch(`${relay.httpUrl}/api/auth/signin`, {
      ...send({ email: alice.email, password: alice.password }),
      headers: { 'content-type': 'application/json' },
    });
    await expectAnswer(signIn, 200, SESSION_ANSWER);
    const change = { currentPassword: bob.password, newPassword: 'bob has a newer password' };
    await expectAnswer(await bob.browserFetch('/api/auth/password', send(change)), 200, PASSWORD_CHANGED_ANSWER);
  });

  it('[CT1, ACL1] vaults, members and invites', async () => {
    await expectAnswer(await alice.fetch('/api/vaults'), 200, VAULT_LIST_ANSWER);
    await expectAnswer(
      await alice.browserFetch('/api/vaults', send({ name: 'Alice team' })),
      201,
      VAULT_CREATED_ANSWER,
    );
    await expectAnswer(await alice.fetch('/api/vaults/default/members'), 200, MEMBER_LIST_ANSWER);
    const role = { method: 'PUT', body: JSON.stringify({ role: 'viewer' }) };
    await expectAnswer(
      await alice.browserFetch(`/api/vaults/default/members/${bob.userId}`, role),
      200,
      MEMBER_CHANGED_ANSWER,
    );
    const invite = await expectAnswer(
      await alice.browserFetch('/api/vaults/default/invites', send({ role: 'editor' })),
      201,
      INVITE_CREATED_ANSWER,
    );
    const secret = (invite as { secret: string }).secret;
    await expectAnswer(await fetch(`${relay.httpUrl}/api/invites/${secret}`), 200, INVITE_OFFER_ANSWER);
  });

  it('[CT1, ACL2, ACL3] private folders and tokens', async () => {
    const restriction = { method: 'PUT', body: JSON.stringify({ path: 'HR', members: [alice.userId] }) };
    await expectAnswer(
      await alice.browserFetch('/api/vaults/default/restrictions', restriction),
      200,
      RESTRICTION_SAVED_ANSWER,
    );
    await expectAnswer(await alice.fetch('/api/vaults/default/restrictions'), 200, RESTRICTION_LIST_ANSWER);
    const token = send({ name: 'laptop', vaultId: 'default', readOnly: true, expiresInDays: 30 });
    await expectAnswer(await alice.browserFetch('/api/tokens', token), 201, TOKEN_CREATED_ANSWER);
    await expectAnswer(await alice.browserFetch('/api/tokens'), 200, TOKEN_LIST_ANSWER);
  });

  it('[CT1, OP2, SRCH3, VC5] tree, trash, ops, search and history', async () => {
    const docId = 'aliceContractNote_01';
    const created = await postOps(relay, [
      { opId: nextOpId(), kind: 'createNote', docId, path: 'Contract.md', createdAt: Date.UTC(2026, 10, 1) },
      { opId: nextOpId(), kind: 'trashNote', docId: 'nobodysNoteId_000001' },
    ]);
    await expectAnswer(created, 200, OPS_ANSWER);
    await expectAnswer(await alice.fetch('/api/vaults/default/tree'), 200, TREE_ANSWER);
    await expectAnswer(await alice.fetch('/api/vaults/default/trash'), 200, TRASH_ANSWER);
    await expectAnswer(await alice.fetch('/api/vaults/default/search?q=contract'), 200, SEARCH_ANSWER);
    await expectAnswer(await alice.fetch(`/api/vaults/default/notes/${docId}/versions`), 200, VERSION_LIST_ANSWER);
  });

  it('[CT1, HTTP2] refusals, a body refused by its schema included', async () => {
    await expectAnswer(
      await alice.browserFetch('/api/tokens', send({ name: 'x', readOnly: 'yes' })),
      400,
      ERROR_ANSWER,
    );
    await expectAnswer(await alice.fetch('/api/vaults/nowhere/tree'), 404, ERROR_ANSWER);
  });

  it('[CT1, ACC10, IDX5] the admin routes the CLI calls', async () => {
    const admin = (path: string, method: string, body?: unknown) =>
      adminFetch(relay, path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const carol = { email: 'carol@baalda.test', password: 'carol has a long password', name: 'Carol' };
    await expectAnswer(await admin('/api/admin/users', 'POST', carol), 201, ADMIN_USER_CREATED_ANSWER);
    const vault = { name: 'Carol vault', ownerEmail: carol.email };
    await expectAnswer(await admin('/api/admin/vaults', 'POST', vault), 201, ADMIN_VAULT_CREATED_ANSWER);
    const role = { email: carol.email, role: 'viewer' };
    await expectAnswer(await admin('/api/admin/vaults/default/members', 'PUT', role), 200, ADMIN_ROLE_SET_ANSWER);
    const restriction = { path: 'Board', memberEmails: [alice.email] };
    await expectAnswer(
      await admin('/api/admin/vaults/default/restrictions', 'PUT', restriction),
      200,
      ADMIN_RESTRICTED_ANSWER,
    );
    const lifted = await admin('/api/admin/vaults/default/restrictions?path=Board', 'DELETE');
    await expectAnswer(lifted, 200, ADMIN_UNRESTRICTED_ANSWER);
    const tokens = (await expectAnswer(await admin('/api/admin/tokens', 'GET'), 200, ADMIN_TOKEN_LIST_ANSWER)) as {
      tokens: Array<{ id: string }>;
    };
    await expectAnswer(
      await admin(`/api/admin/tokens/${tokens.tokens[0]?.id}`, 'DELETE'),
      200,
      ADMIN_TOKEN_REVOKED_ANSWER,
    );
    const reset = { email: carol.email, password: 'carol has another password' };
    await expectAnswer(await admin('/api/admin/users/password', 'PUT', reset), 200, ADMIN_PASSWORD_RESET_ANSWER);
    for (const disabled of [true, false]) {
      const body = { email: carol.email, disabled };
      await expectAnswer(await admin('/api/admin/users/disabled', 'PUT', body), 200, ADMIN_USER_DISABLED_ANSWER);
    }
    const reindex = await admin('/api/admin/reindex', 'POST', {});
    const lines = (await reindex.text()).trim().split('\n');
    for (const line of lines) expect(REINDEX_LINE.safeParse(JSON.parse(line)).success, line).toBe(true);
    expect(JSON.parse(lines.at(-1) ?? '{}')).toHaveProperty('embedder');
    await expectAnswer(await admin('/api/admin/reindex', 'POST', { embedder: 'nope' }), 400, ERROR_ANSWER);
  });
});
