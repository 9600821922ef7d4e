import { fail, type Result, TOKEN_CREATED_ANSWER, type VaultRole } from '@baalda/core';
import { API } from '@baalda/core/api';
import { z } from 'zod';
import { readAnswer, readableEntries } from '../relayAnswer';
import { callRelay, entryByEntry, type RelayCall, type RelayCallCode, relaxAnswers } from '../relayApi';
import * as shapes from './accessShapes';

type Answer<T> = Promise<Result<T, RelayCallCode>>;

/** What a new token is asked for with; `expiresInDays` null means it never expires. */
export interface TokenRequest {
  readonly name: string;
  readonly vaultId: string;
  readonly readOnly: boolean;
  readonly expiresInDays: number | null;
}

/** The settings' calls to the relay (docs/ACCESS-API.md), so the UI logic can be tested over a fake. */
export interface AccessApi {
  listVaults(): Answer<{ vaults: shapes.VaultChoice[] }>;
  listMembers(vaultId: string): Answer<{ members: shapes.VaultMember[] }>;
  changeRole(vaultId: string, userId: string, role: VaultRole): Answer<{ member: shapes.VaultMember }>;
  removeMember(vaultId: string, userId: string): Answer<object>;
  createInvite(vaultId: string, role: VaultRole): Answer<{ invite: shapes.InviteLink }>;
  listRestrictions(vaultId: string): Answer<{ restrictions: shapes.RestrictionView[] }>;
  setRestriction(
    vaultId: string,
    path: string,
    memberIds: readonly string[],
  ): Answer<{ restriction: shapes.RestrictionChange }>;
  liftRestriction(vaultId: string, path: string): Answer<object>;
  listTokens(): Answer<{ tokens: shapes.AccessToken[] }>;
  /** The secret is in this answer only: the relay keeps just its hash. */
  createToken(request: TokenRequest): Answer<{ token: shapes.AccessToken; secret: string }>;
  revokeToken(tokenId: string): Answer<object>;
}

// Lists are read entry by entry, so one entry this build can't read is skipped rather than the whole list.
const LIST_VAULTS = relaxAnswers(API.listVaults, entryByEntry('vaults'));
const LIST_MEMBERS = relaxAnswers(API.listMembers, entryByEntry('members'));
const LIST_RESTRICTIONS = relaxAnswers(API.listRestrictions, entryByEntry('restrictions'));
const LIST_TOKENS = relaxAnswers(API.listTokens, entryByEntry('tokens'));

/** The access API of the relay this page came from. */
export const relayAccessApi: AccessApi = {
  listVaults: async () => readVaults(await callRelay(LIST_VAULTS, {})),
  listMembers: async (vaultId) => readMembers(await callRelay(LIST_MEMBERS, { params: { vaultId } })),
  changeRole: async (vaultId, userId, role) =>
    readMember(await callRelay(API.setRole, { params: { vaultId, userId }, body: { role } })),
  removeMember: async (vaultId, userId) => readDone(await callRelay(API.removeMember, { params: { vaultId, userId } })),
  createInvite: async (vaultId, role) =>
    readInvite(await callRelay(API.createInvite, { params: { vaultId }, body: { role } })),
  listRestrictions: async (vaultId) => readRestrictions(await callRelay(LIST_RESTRICTIONS, { params: { vaultId } })),
  setRestriction: async (vaultId, path, members) =>
    readRestriction(
      await callRelay(API.putRestriction, { params: { vaultId }, body: { path, members: [...members] } }),
    ),
  liftRestriction: async (vaultId, path) =>
    readDone(await callRelay(API.liftRestriction, { params: { vaultId }, query: { path } })),
  listTokens: async () => readTokens(await callRelay(LIST_TOKENS, {})),
  createToken: async ({ name, vaultId, readOnly, expiresInDays }) =>
    readNewToken(
      await callRelay(API.createToken, {
        body: { name, vaultId, readOnly, ...(expiresInDays === null ? {} : { expiresInDays }) },
      }),
    ),
  revokeToken: async (tokenId) => readDone(await callRelay(API.revokeToken, { params: { tokenId } })),
};

/** Reads a list under `key`: an entry we can't read is skipped, not shown broken. */
function readList<T>(call: RelayCall, key: string, entry: z.ZodType<T>, what: string) {
  if (!call.ok) return call;
  const list = z.object({ [key]: z.array(z.unknown()) }).safeParse(call.answer);
  if (!list.success) return invalid(what);
  return { ok: true as const, entries: readableEntries(list.data[key] ?? [], entry) };
}

/** `GET …/members`. */
export function readMembers(call: RelayCall): Result<{ members: shapes.VaultMember[] }, RelayCallCode> {
  const list = readList(call, 'members', shapes.MEMBER_VIEW, 'a member list');
  return list.ok ? { ok: true, members: list.entries } : list;
}

/** `GET /api/vaults`: the vaults the caller belongs to. */
export function readVaults(call: RelayCall): Result<{ vaults: shapes.VaultChoice[] }, RelayCallCode> {
  const list = readList(call, 'vaults', shapes.VAULT_CHOICE_VIEW, 'a vault list');
  return list.ok ? { ok: true, vaults: list.entries } : list;
}

/** `GET …/restrictions`: only the private folders the caller is a member of. */
export function readRestrictions(call: RelayCall): Result<{ restrictions: shapes.RestrictionView[] }, RelayCallCode> {
  const list = readList(call, 'restrictions', shapes.RESTRICTION_VIEW, 'a list of private folders');
  return list.ok ? { ok: true, restrictions: list.entries } : list;
}

/** `GET /api/tokens`. */
export function readTokens(call: RelayCall): Result<{ tokens: shapes.AccessToken[] }, RelayCallCode> {
  const list = readList(call, 'tokens', shapes.ACCESS_TOKEN_VIEW, 'a token list');
  return list.ok ? { ok: true, tokens: list.entries } : list;
}

/** `PUT …/members/:userId`: `{ member }`. */
export function readMember(call: RelayCall): Result<{ member: shapes.VaultMember }, RelayCallCode> {
  const read = readAnswer(call, z.object({ member: shapes.MEMBER_VIEW }));
  return read.ok ? { ok: true, member: read.answer.member } : read;
}

/** `PUT …/restrictions`: `{ restriction }`. */
export function readRestriction(call: RelayCall): Result<{ restriction: shapes.RestrictionChange }, RelayCallCode> {
  const read = readAnswer(call, z.object({ restriction: shapes.RESTRICTION_CHANGE_VIEW }));
  return read.ok ? { ok: true, restriction: read.answer.restriction } : read;
}

/** `POST …/invites`: `{ secret, path, role, expiresAt }`. */
export function readInvite(call: RelayCall): Result<{ invite: shapes.InviteLink }, RelayCallCode> {
  const read = readAnswer(call, shapes.INVITE_LINK_VIEW);
  return read.ok ? { ok: true, invite: read.answer } : read;
}

/** `POST /api/tokens`: `{ token, secret }`; without a readable secret the token is useless to show. */
export function readNewToken(call: RelayCall): Result<{ token: shapes.AccessToken; secret: string }, RelayCallCode> {
  const read = readAnswer(call, TOKEN_CREATED_ANSWER.extend({ token: shapes.ACCESS_TOKEN_VIEW }));
  return read.ok ? { ok: true, ...read.answer } : read;
}

/** A 204 answer: nothing to read, only whether it succeeded. */
export function readDone(call: RelayCall): Result<object, RelayCallCode> {
  return call.ok ? { ok: true } : call;
}

function invalid(what: string) {
  return fail('RESPONSE_INVALID', `The server sent ${what} this app could not read.`);
}
