import type { Prisma, PrismaClient } from '../generated/prisma/client';
import { bumpAccessEpoch } from './accessEpoch';

type Tx = Prisma.TransactionClient;

/**
 * What an account change ended: the hashes of the sessions it deleted (their sockets are closed by the
 * caller, ACL6), and how many OAuth grants and personal access tokens it revoked.
 */
export interface EndedCredentials {
  readonly sessionHashes: readonly string[];
  readonly grants: number;
  readonly personalTokens: number;
}

/**
 * ACC12: a person changes their own password. Every other session ends (someone who knew the old password
 * may hold one) and so does every OAuth grant (OAuth 2.1 lets a password change revoke refresh tokens, and a
 * grant is made through a session); the session they changed it from stays. Personal access tokens are
 * credentials of their own, listed and revoked by hand, and keep working.
 */
export function changeOwnPassword(
  prisma: PrismaClient,
  userId: string,
  passwordHash: string,
  keptSessionHash: string,
  now: Date,
): Promise<EndedCredentials> {
  return changeAccount(prisma, userId, now, { passwordHash }, { exceptSession: keptSessionHash, personal: false });
}

/** ACC13: an admin sets someone's password: every session ends, and every OAuth grant, as in ACC12. */
export function resetPassword(
  prisma: PrismaClient,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<EndedCredentials> {
  return changeAccount(prisma, userId, now, { passwordHash }, { exceptSession: null, personal: false });
}

/**
 * ACC13: an admin disables an account: every session ends and every token and grant is revoked, so nothing
 * it held works again when it is enabled (its owner signs in afresh and makes new ones). Enabling ends nothing.
 */
export function setAccountDisabled(
  prisma: PrismaClient,
  userId: string,
  disabled: boolean,
  now: Date,
): Promise<EndedCredentials> {
  if (!disabled) return changeAccount(prisma, userId, now, { disabledAt: null }, null);
  return changeAccount(prisma, userId, now, { disabledAt: now }, { exceptSession: null, personal: true });
}

/** ACC14: "sign out everywhere": every session of the account ends, the caller's too; tokens and grants stay. */
export function endEverySession(prisma: PrismaClient, userId: string): Promise<readonly string[]> {
  return prisma.$transaction(async (tx) => {
    const ended = await endSessions(tx, userId, null);
    await bumpAccessEpoch(tx);
    return ended;
  });
}

/**
 * ACC15: what leaving a vault takes with it, inside the removal's transaction: the member's personal tokens
 * and OAuth grants for the vault (their OAuth tokens go with them), consents not yet exchanged for a grant,
 * and their place in the vault's private folders, so being added again starts from nothing.
 */
export async function forgetMembership(tx: Tx, vaultId: string, userId: string): Promise<void> {
  await tx.accessToken.deleteMany({ where: { vaultId, userId } });
  await tx.oAuthAuthorization.deleteMany({ where: { vaultId, userId } });
  const restrictions = await tx.folderRestriction.findMany({ where: { vaultId, members: { has: userId } } });
  for (const restriction of restrictions) {
    // A private folder left with no one stays private (ACL2 fails closed); an admin can open it again.
    await tx.folderRestriction.update({
      where: { vaultId_folderKey: { vaultId, folderKey: restriction.folderKey } },
      data: { members: restriction.members.filter((member) => member !== userId) },
    });
  }
}

interface Endings {
  /** The session to keep (the caller's), or null to end them all. */
  readonly exceptSession: string | null;
  /** Whether personal access tokens are revoked too, not only OAuth grants. */
  readonly personal: boolean;
}

// One transaction: the account row changes, then what it ends; the epoch moves with it (ACL6).
function changeAccount(
  prisma: PrismaClient,
  userId: string,
  now: Date,
  data: Prisma.AppUserUpdateInput,
  endings: Endings | null,
): Promise<EndedCredentials> {
  return prisma.$transaction(async (tx) => {
    await tx.appUser.update({ where: { id: userId }, data });
    const ended = endings
      ? {
          sessionHashes: await endSessions(tx, userId, endings.exceptSession),
          grants: await revokeTokens(tx, userId, now, 'grants'),
          personalTokens: endings.personal ? await revokeTokens(tx, userId, now, 'personal') : 0,
        }
      : { sessionHashes: [], grants: 0, personalTokens: 0 };
    if (endings?.personal) await tx.oAuthAuthorization.deleteMany({ where: { userId } });
    await bumpAccessEpoch(tx);
    return ended;
  });
}

async function endSessions(tx: Tx, userId: string, except: string | null): Promise<string[]> {
  const where = { userId, ...(except === null ? {} : { secretHash: { not: except } }) };
  const sessions = await tx.userSession.findMany({ where, select: { secretHash: true } });
  await tx.userSession.deleteMany({ where });
  return sessions.map((session) => session.secretHash);
}

// Revokes the account's live OAuth grants or personal tokens; a grant's access and refresh tokens are
// deleted with it, as OAU7's revocation does.
async function revokeTokens(tx: Tx, userId: string, now: Date, kind: 'grants' | 'personal'): Promise<number> {
  const oauthClientId = kind === 'grants' ? { not: null } : null;
  const where = { userId, revokedAt: null, oauthClientId };
  const { count } = await tx.accessToken.updateMany({ where, data: { revokedAt: now } });
  if (kind === 'grants') await tx.oAuthToken.deleteMany({ where: { grant: { userId } } });
  return count;
}
