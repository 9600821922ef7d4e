import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API } from '@baalda/core/api';
import { type APIRequestContext, type BrowserContext, type Cookie, expect } from '@playwright/test';
import { bearer, relayApi, succeed } from './relayClient';

/** The people of the e2e run. Each signs in with the same password; their email is `<name>@example.com`. */
export type PersonName = 'alice' | 'bob' | 'carol';

/** Long enough for ACC2; shared, since these accounts exist only on the run's throwaway relay. */
export const E2E_PASSWORD = 'correct horse battery staple';

/** A person's email. */
export function emailOf(name: string): string {
  return `${name}@example.com`;
}

/** The relay's admin key, from the data folder playwright.config.ts made (ACC10). */
function adminKey(): string {
  const dataDir = process.env.BAALDA_E2E_DATA_DIR;
  if (!dataDir) throw new Error('BAALDA_E2E_DATA_DIR is not set: run the specs through playwright.config.ts');
  return readFileSync(join(dataDir, 'admin.key'), 'utf8').trim();
}

// The relay's operator: the admin key as a bearer credential (ACC10).
function asAdmin(request: APIRequestContext) {
  return relayApi(request, bearer(adminKey()));
}

/** True while no account exists on the relay: the next sign-up becomes the admin and owns `default`. */
export async function isSignUpOpen(request: APIRequestContext): Promise<boolean> {
  return (await succeed(relayApi(request), API.authState, {})).signUpOpen;
}

/**
 * Makes sure `name` has an account that can edit the `default` vault. The first account of a run is made by
 * signing up (which creates `default` with its owner); later ones through the admin API, as an operator
 * would, then made editors of `default`.
 */
export async function ensureAccount(request: APIRequestContext, name: PersonName): Promise<void> {
  if (ensured.has(personKey(name))) return;
  await createAccount(request, name);
  ensured.add(personKey(name));
}

// Each sign-in and each account made hashes a password at the relay's production cost (a quarter of a
// second of CPU and 128 MiB), so a worker remembers which accounts exist and which session cookies still
// work on its relay, and tests pay for a hash only when they test signing in.
const ensured = new Set<string>();
const sessions = new Map<string, Cookie[]>();

function personKey(name: PersonName): string {
  return `${process.env.BAALDA_E2E_DATA_DIR}:${name}`;
}

async function createAccount(request: APIRequestContext, name: PersonName): Promise<void> {
  if (await isSignUpOpen(request)) {
    const body = { email: emailOf(name), password: E2E_PASSWORD, name };
    await succeed(relayApi(request), API.signUp, { body }, 201);
    return;
  }
  const body = { email: emailOf(name), password: E2E_PASSWORD, name };
  const created = await asAdmin(request).call(API.adminAddUser, { body });
  expect([201, 409], JSON.stringify(created)).toContain(created.status);
  // Only a new account is made an editor: a role a test gave on purpose (a viewer, say) stays as it is.
  if (created.status === 201) await setRole(request, name, 'editor');
}

/** Gives `name` a role in `default`, as the relay's operator (ACC10). */
export async function setRole(
  request: APIRequestContext,
  name: PersonName,
  role: 'owner' | 'editor' | 'viewer',
): Promise<void> {
  const body = { email: emailOf(name), role };
  await succeed(asAdmin(request), API.adminGrant, { params: { vaultId: 'default' }, body });
}

/**
 * Signs `name` in on a browser context, with this worker's last session of `name` while the relay still
 * accepts it (a test that signs out or clears cookies ends it), else with a new sign-in.
 */
export async function signInContext(context: BrowserContext, name: PersonName): Promise<void> {
  const known = sessions.get(personKey(name));
  if (known) {
    await context.addCookies(known);
    if (await isSignedInAs(context.request, name)) return;
    await context.clearCookies();
  }
  await signIn(context.request, name);
  sessions.set(personKey(name), (await context.storageState()).cookies);
}

async function isSignedInAs(request: APIRequestContext, name: PersonName): Promise<boolean> {
  const state = await relayApi(request).call(API.authState, {});
  return state.ok && state.answer.user?.email === emailOf(name);
}

/** Signs `name` in on a request context; its cookie then rides on every call of that context (and its pages). */
export async function signIn(request: APIRequestContext, name: PersonName): Promise<void> {
  await ensureAccount(request, name);
  await succeed(relayApi(request), API.signIn, { body: { email: emailOf(name), password: E2E_PASSWORD } });
}

/**
 * Makes a folder of `default` public again, as the relay's operator (ACC10, ACL2). A restriction outlives its
 * folder's trip to the trash (it fails closed), so a spec that reuses a folder name lifts it first.
 */
export async function liftRestriction(request: APIRequestContext, path: string): Promise<void> {
  await succeed(asAdmin(request), API.adminUnrestrict, { params: { vaultId: 'default' }, query: { path } });
}

/** Makes a folder of `default` private to `names`, as the relay's operator (ACC10, ACL2). */
export async function restrictFolder(
  request: APIRequestContext,
  path: string,
  names: readonly PersonName[],
): Promise<void> {
  const body = { path, memberEmails: names.map(emailOf) };
  await succeed(asAdmin(request), API.adminRestrict, { params: { vaultId: 'default' }, body });
}
