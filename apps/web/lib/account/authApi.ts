import { fail, isVaultRole, type Result, type VaultRole } from '@baalda/core';
import { getFromRelay, postToRelay, type RelayCall, type RelayCallCode, type RelayFailure } from '../relayApi';
import {
  type AuthState,
  toAuthState,
  toUser,
  toVaultEntries,
  toVaultEntry,
  type User,
  type VaultEntry,
} from './accountTypes';

/** An answer of the account routes: a value, or the relay's refusal (with `Retry-After` when it sent one). */
export type AccountResult<T> = ({ readonly ok: true } & T) | RelayFailure;

/** Who is signed in and what they may open: signed-in user and vaults. */
export type SignedIn = { readonly user: User; readonly vaults: readonly VaultEntry[] };

/** What an invite link offers, before anyone accepts it. */
export interface InviteOffer {
  readonly vaultName: string;
  readonly role: VaultRole;
}

/** What a new account is made of; `invite` is required for every account but the first. */
export interface SignUpForm {
  readonly email: string;
  readonly password: string;
  readonly name?: string;
  readonly invite?: string;
}

/** `GET /api/auth/state`. */
export async function fetchAuthState(): Promise<AccountResult<{ state: AuthState }>> {
  const call = await getFromRelay('/api/auth/state');
  if (!call.ok) return call;
  const state = toAuthState(call.body);
  return state ? { ok: true, state } : invalid('the sign-in state');
}

/** `POST /api/auth/signin`. */
export async function signIn(email: string, password: string): Promise<AccountResult<SignedIn>> {
  return readSignedIn(await postToRelay('/api/auth/signin', { email, password }));
}

/** `POST /api/auth/signup`. */
export async function signUp(form: SignUpForm): Promise<AccountResult<SignedIn>> {
  return readSignedIn(await postToRelay('/api/auth/signup', form));
}

/** `POST /api/auth/signout` (204). */
export async function signOut(): Promise<Result<object, RelayCallCode>> {
  const call = await postToRelay('/api/auth/signout', {});
  return call.ok ? { ok: true } : call;
}

/** `GET /api/invites/:secret`. */
export async function readInvite(secret: string): Promise<AccountResult<{ invite: InviteOffer }>> {
  const call = await getFromRelay(`/api/invites/${encodeURIComponent(secret)}`);
  if (!call.ok) return call;
  const body = call.body as { vaultName?: unknown; role?: unknown } | undefined;
  if (typeof body?.vaultName !== 'string' || !isVaultRole(body.role)) return invalid('the invite');
  return { ok: true, invite: { vaultName: body.vaultName, role: body.role } };
}

/** `POST /api/invites/:secret/accept`: the signed-in user joins the vault. */
export async function acceptInvite(secret: string): Promise<AccountResult<{ vault: VaultEntry }>> {
  return readVault(await postToRelay(`/api/invites/${encodeURIComponent(secret)}/accept`, {}));
}

/** `POST /api/vaults`: a new vault the caller owns. */
export async function createVault(name: string): Promise<AccountResult<{ vault: VaultEntry }>> {
  return readVault(await postToRelay('/api/vaults', { name }));
}

/** `GET /api/vaults`. */
export async function listVaults(): Promise<AccountResult<{ vaults: VaultEntry[] }>> {
  const call = await getFromRelay('/api/vaults');
  if (!call.ok) return call;
  const vaults = toVaultEntries((call.body as { vaults?: unknown } | undefined)?.vaults);
  return vaults ? { ok: true, vaults } : invalid('the vault list');
}

function readSignedIn(call: RelayCall): AccountResult<SignedIn> {
  if (!call.ok) return call;
  const body = call.body as { user?: unknown; vaults?: unknown } | undefined;
  const user = toUser(body?.user);
  const vaults = toVaultEntries(body?.vaults ?? []);
  return user && vaults ? { ok: true, user, vaults } : invalid('the account');
}

function readVault(call: RelayCall): AccountResult<{ vault: VaultEntry }> {
  if (!call.ok) return call;
  const vault = toVaultEntry((call.body as { vault?: unknown } | undefined)?.vault);
  return vault ? { ok: true, vault } : invalid('the vault');
}

function invalid(what: string) {
  return fail('RESPONSE_INVALID', `The relay sent ${what} in a form this app could not read.`);
}
