import { INVITE_OFFER_ANSWER, PASSWORD_CHANGED_ANSWER, type Result, type VaultRole } from '@baalda/core';
import { z } from 'zod';
import { readAnswer } from '../relayAnswer';
import { getFromRelay, postToRelay, type RelayCall, type RelayCallCode, type RelayFailure } from '../relayApi';
import {
  AUTH_STATE_VIEW,
  type AuthState,
  USER_VIEW,
  type User,
  VAULT_ENTRIES_VIEW,
  VAULT_ENTRY_VIEW,
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
  const read = readAnswer(await getFromRelay('/api/auth/state'), AUTH_STATE_VIEW);
  return read.ok ? { ok: true, state: read.answer } : read;
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

/** What a password change ended (ACC12): the account's other sessions and its OAuth grants. */
export interface PasswordChanged {
  readonly endedSessions: number;
  readonly endedGrants: number;
}

/** `POST /api/auth/password`: this session stays signed in. */
export async function changePassword(
  currentPassword: string,
  newPassword: string,
): Promise<AccountResult<PasswordChanged>> {
  const read = readAnswer(
    await postToRelay('/api/auth/password', { currentPassword, newPassword }),
    PASSWORD_CHANGED_ANSWER,
  );
  return read.ok ? { ok: true, endedSessions: read.answer.endedSessions, endedGrants: read.answer.endedGrants } : read;
}

/** `POST /api/auth/signout-everywhere` (204): every session of the account ends, this one too (ACC14). */
export async function signOutEverywhere(): Promise<Result<object, RelayCallCode>> {
  const call = await postToRelay('/api/auth/signout-everywhere', {});
  return call.ok ? { ok: true } : call;
}

/** `GET /api/invites/:secret`. */
export async function readInvite(secret: string): Promise<AccountResult<{ invite: InviteOffer }>> {
  const offer = INVITE_OFFER_ANSWER.pick({ vaultName: true, role: true });
  const read = readAnswer(await getFromRelay(`/api/invites/${encodeURIComponent(secret)}`), offer);
  return read.ok ? { ok: true, invite: read.answer } : read;
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
  const read = readAnswer(await getFromRelay('/api/vaults'), z.object({ vaults: VAULT_ENTRIES_VIEW }));
  return read.ok ? { ok: true, vaults: read.answer.vaults } : read;
}

function readSignedIn(call: RelayCall): AccountResult<SignedIn> {
  const read = readAnswer(call, z.object({ user: USER_VIEW, vaults: VAULT_ENTRIES_VIEW.default([]) }));
  return read.ok ? { ok: true, ...read.answer } : read;
}

function readVault(call: RelayCall): AccountResult<{ vault: VaultEntry }> {
  const read = readAnswer(call, z.object({ vault: VAULT_ENTRY_VIEW }));
  return read.ok ? { ok: true, vault: read.answer.vault } : read;
}
