import { INVITE_OFFER_ANSWER, PASSWORD_CHANGED_ANSWER, type Result, type VaultRole } from '@baalda/core';
import { API } from '@baalda/core/api';
import { z } from 'zod';
import { readAnswer } from '../relayAnswer';
import {
  callRelay,
  entryByEntry,
  type RelayCall,
  type RelayCallCode,
  type RelayFailure,
  relaxAnswers,
} from '../relayApi';
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

// Vault lists are read entry by entry (an unknown role hides that vault); an older relay sends no `vaults`
// with the auth state, and a user without a name reads as one with an empty name (USER_VIEW).
const AUTH_STATE = relaxAnswers(API.authState, (declared) =>
  declared.extend({ user: z.unknown(), vaults: z.array(z.unknown()).optional() }),
);
const SIGN_IN = relaxAnswers(API.signIn, (declared) => declared.extend({ user: z.unknown(), vaults: z.unknown() }));
const SIGN_UP = relaxAnswers(API.signUp, (declared) => declared.extend({ user: z.unknown(), vaults: z.unknown() }));
const LIST_VAULTS = relaxAnswers(API.listVaults, entryByEntry('vaults'));

/** `GET /api/auth/state`. */
export async function fetchAuthState(): Promise<AccountResult<{ state: AuthState }>> {
  const read = readAnswer(await callRelay(AUTH_STATE, {}), AUTH_STATE_VIEW);
  return read.ok ? { ok: true, state: read.answer } : read;
}

/** `POST /api/auth/signin`. */
export async function signIn(email: string, password: string): Promise<AccountResult<SignedIn>> {
  return readSignedIn(await callRelay(SIGN_IN, { body: { email, password } }));
}

/** `POST /api/auth/signup`. */
export async function signUp(form: SignUpForm): Promise<AccountResult<SignedIn>> {
  return readSignedIn(await callRelay(SIGN_UP, { body: form }));
}

/** `POST /api/auth/signout` (204). */
export async function signOut(): Promise<Result<object, RelayCallCode>> {
  const call = await callRelay(API.signOut, {});
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
    await callRelay(API.changePassword, { body: { currentPassword, newPassword } }),
    PASSWORD_CHANGED_ANSWER,
  );
  return read.ok ? { ok: true, endedSessions: read.answer.endedSessions, endedGrants: read.answer.endedGrants } : read;
}

/** `POST /api/auth/signout-everywhere` (204): every session of the account ends, this one too (ACC14). */
export async function signOutEverywhere(): Promise<Result<object, RelayCallCode>> {
  const call = await callRelay(API.signOutEverywhere, {});
  return call.ok ? { ok: true } : call;
}

/** `GET /api/invites/:secret`. */
export async function readInvite(secret: string): Promise<AccountResult<{ invite: InviteOffer }>> {
  const offer = INVITE_OFFER_ANSWER.pick({ vaultName: true, role: true });
  const read = readAnswer(await callRelay(API.showInvite, { params: { secret } }), offer);
  return read.ok ? { ok: true, invite: read.answer } : read;
}

/** `POST /api/invites/:secret/accept`: the signed-in user joins the vault. */
export async function acceptInvite(secret: string): Promise<AccountResult<{ vault: VaultEntry }>> {
  return readVault(await callRelay(API.acceptInvite, { params: { secret } }));
}

/** `POST /api/vaults`: a new vault the caller owns. */
export async function createVault(name: string): Promise<AccountResult<{ vault: VaultEntry }>> {
  return readVault(await callRelay(API.createVault, { body: { name } }));
}

/** `GET /api/vaults`. */
export async function listVaults(): Promise<AccountResult<{ vaults: VaultEntry[] }>> {
  const read = readAnswer(await callRelay(LIST_VAULTS, {}), z.object({ vaults: VAULT_ENTRIES_VIEW }));
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
