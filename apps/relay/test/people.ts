import type { VaultRole } from '@baalda/core';
import { adminFetch, sessionCookie, type TestRelay } from './relays';

/** A person with an account on a test relay: a session cookie and a read-write token for one vault. */
export interface Person {
  readonly email: string;
  readonly password: string;
  readonly userId: string;
  readonly cookie: string;
  readonly token: string;
  readonly syncUrl: string;
  /** `fetch` on the relay with this person's token. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** `fetch` on the relay with this person's session cookie (what the browser sends). */
  browserFetch(path: string, init?: RequestInit): Promise<Response>;
}

/** Creates an account through the admin API, gives it `role` in `vaultId` and a token for it. */
export async function addPerson(relay: TestRelay, name: string, role: VaultRole, vaultId = 'default'): Promise<Person> {
  const email = `${name}@baalda.test`;
  const password = `${name} has a long password`;
  const created = await adminFetch(relay, '/api/admin/users', {
    method: 'POST',
    body: JSON.stringify({ email, password, name }),
  });
  if (created.status !== 201) throw new Error(`user ${name}: ${created.status} ${await created.text()}`);
  const userId = ((await created.json()) as { user: { id: string } }).user.id;
  await grantRole(relay, email, role, vaultId);
  const minted = await adminFetch(relay, '/api/admin/tokens', {
    method: 'POST',
    body: JSON.stringify({ email, vaultId }),
  });
  if (minted.status !== 201) throw new Error(`token of ${name}: ${minted.status} ${await minted.text()}`);
  const token = ((await minted.json()) as { secret: string }).secret;
  const cookie = await sessionCookie(relay.httpUrl, { email, password });
  return {
    email,
    password,
    userId,
    cookie,
    token,
    syncUrl: relay.syncUrl,
    fetch: (path, init = {}) => withHeader(relay, path, init, 'authorization', `Bearer ${token}`),
    browserFetch: (path, init = {}) => withHeader(relay, path, init, 'cookie', cookie),
  };
}

/** Sets `email`'s role in `vaultId` through the admin API. */
export async function grantRole(relay: TestRelay, email: string, role: VaultRole, vaultId = 'default'): Promise<void> {
  const response = await adminFetch(relay, `/api/admin/vaults/${vaultId}/members`, {
    method: 'PUT',
    body: JSON.stringify({ email, role }),
  });
  if (response.status !== 200) throw new Error(`grant ${email}: ${response.status} ${await response.text()}`);
}

function withHeader(relay: TestRelay, path: string, init: RequestInit, name: string, value: string): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set(name, value);
  if (init.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return fetch(`${relay.httpUrl}${path}`, { ...init, headers });
}

/** Makes `path` a private folder of the default vault that only `memberEmails` may read (ACL2). */
export async function restrictFolder(relay: TestRelay, path: string, memberEmails: readonly string[]): Promise<void> {
  const response = await adminFetch(relay, '/api/admin/vaults/default/restrictions', {
    method: 'PUT',
    body: JSON.stringify({ path, memberEmails }),
  });
  if (response.status !== 200) throw new Error(`restricting ${path}: ${response.status} ${await response.text()}`);
}

/** Revokes, as the admin, the token addPerson gave `person` (ACL3). */
export async function revokeTokenOf(relay: TestRelay, person: Person): Promise<void> {
  const listed = (await (await adminFetch(relay, '/api/admin/tokens')).json()) as {
    tokens: Array<{ id: string; userId: string }>;
  };
  const tokenId = listed.tokens.find((token) => token.userId === person.userId)?.id;
  if (!tokenId) throw new Error(`${person.email} has no token to revoke`);
  const revoked = await adminFetch(relay, `/api/admin/tokens/${tokenId}`, { method: 'DELETE' });
  if (!revoked.ok) throw new Error(`revoking ${person.email}'s token: ${revoked.status}`);
}
