import {
  type Failure,
  PUT_RESTRICTION_BODY,
  parseRequestBody,
  pathKey,
  type RelayErrorCode,
  restrictionChangeDecision,
  validateFolderPath,
} from '@baalda/core';
import { API } from '@baalda/core/api';
import { requireVault } from '../access/requestAuth';
import { clearRestriction, putRestriction } from '../access/restrictionStore';
import { readJsonBody } from '../http/readJsonBody';
import type { AccessRouteContext, Route, RouteCall } from '../routing/callerRoutes';
import { type Handled, NO_CONTENT, refuse, respond, serve } from '../routing/declaredRoutes';

type Call = RouteCall<AccessRouteContext>;

/** ACL2: private folders: list, make private / change members, make public. */
export const RESTRICTION_ROUTES: readonly Route<AccessRouteContext>[] = [
  ...serve(API.listRestrictions, listRestrictions),
  ...serve(API.putRestriction, putRestrictionOf),
  ...serve(API.liftRestriction, liftRestrictionOf),
];

// Only the private folders the caller is in: one they are not in is hidden, name and all (ACL2).
async function listRestrictions({
  response,
  context,
  caller,
  params,
  now,
}: Call): Promise<Handled<typeof API.listRestrictions>> {
  const vault = await requireVault(response, context.access, caller, params[0] ?? '', now);
  if (!vault) return;
  const people = new Map((await context.access.members.members(vault.principal.vaultId)).map((m) => [m.userId, m]));
  const restrictions = vault.restrictions
    .filter(
      (restriction) =>
        restriction.members.has(caller.user.id) &&
        !vault.hidden.some((key) => restriction.folderKey === key || restriction.folderKey.startsWith(`${key}/`)),
    )
    .map((restriction) => ({
      path: restriction.folderPath,
      members: [...restriction.members].map((userId) => {
        const person = people.get(userId);
        return { userId, email: person?.email ?? null, name: person?.name ?? null };
      }),
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
  return respond(200, { restrictions });
}

async function putRestrictionOf(call: Call): Promise<Handled<typeof API.putRestriction>> {
  const applied = await applyChange(call, await readPut(call.request));
  if (applied === undefined || 'code' in applied) return applied;
  return respond(200, { restriction: { path: applied.path, members: applied.members ?? [] } });
}

async function liftRestrictionOf(call: Call): Promise<Handled<typeof API.liftRestriction>> {
  const applied = await applyChange(call, readClear(call.request.url));
  if (applied === undefined || 'code' in applied) return applied;
  return NO_CONTENT;
}

/** The folder as changed; a refusal; or undefined once an answer was sent (a vault that is not the caller's). */
async function applyChange(
  { response, context, caller, params, now }: Call,
  change: Change,
): Promise<{ path: string; members: string[] | null } | Failure<RelayErrorCode> | undefined> {
  const vault = await requireVault(response, context.access, caller, params[0] ?? '', now);
  if (!vault) return;
  if (!change.ok) return refuse('REQUEST_INVALID', change.message);
  const folder = validateFolderPath(change.path);
  if (!folder.ok) return refuse('REQUEST_INVALID', `path is not a valid folder path: ${folder.message}`);
  const vaultId = vault.principal.vaultId;
  if (change.members) {
    const memberIds = new Set((await context.access.members.members(vaultId)).map((m) => m.userId));
    const stranger = change.members.find((userId) => !memberIds.has(userId));
    if (stranger) return refuse('REQUEST_INVALID', `"${stranger}" is not a member of this vault.`);
  }
  const members = change.members ? new Set(change.members) : null;
  const decision = restrictionChangeDecision(vault.principal, folder.path, members, vault.restrictions, now.getTime());
  if (!decision.allowed)
    return refuse('RESTRICTION_REFUSED', `${decision.reason}: ${REFUSALS[decision.reason] ?? 'not allowed.'}`);
  const key = pathKey(folder.path);
  if (change.members)
    await putRestriction(context.access.prisma, vaultId, { path: folder.path, key }, change.members, now);
  else await clearRestriction(context.access.prisma, vaultId, key);
  await context.vaultAccessChanged(vaultId);
  return { path: folder.path, members: change.members };
}

const REFUSALS: Record<string, string> = {
  OWNER_ONLY: 'only an owner may make a folder private.',
  SELF_EXCLUDED: 'you must stay a member of a folder you make private.',
  READ_ONLY: 'viewers and read-only tokens cannot change who sees a folder.',
  PRIVATE_FOLDER: 'you are not a member of this folder.',
  NO_ROLE: 'you are not a member of this vault.',
};

type Change = { ok: true; path: string; members: string[] | null } | { ok: false; message: string };

async function readPut(request: Call['request']): Promise<Change> {
  const body = await readJsonBody(request);
  if (!body.ok) return { ok: false, message: body.message };
  const fields = parseRequestBody(PUT_RESTRICTION_BODY, body.value);
  if (!fields.ok) return { ok: false, message: fields.message };
  return { ok: true, ...fields.value };
}

function readClear(url: string | undefined): Change {
  const path = new URL(url ?? '/', 'http://relay.invalid').searchParams.get('path');
  return path === null ? { ok: false, message: 'Give ?path=<folder>.' } : { ok: true, path, members: null };
}
