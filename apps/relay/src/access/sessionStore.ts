import type { PrismaClient } from '../generated/prisma/client';
import { hashSecret, newSecret } from './secrets';
import { isActiveAccount, type UserRecord } from './userStore';

/** ACC8: a session lives 30 days from its last use. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// Extending on every request would write on every request; once a day keeps "30 days from last use" true
// to within a day.
const EXTEND_AFTER_MS = 24 * 60 * 60 * 1000;

/** Signed-in browsers in `user_session`; only hashes of their secrets are stored. */
export function createSessionStore(prisma: PrismaClient) {
  return {
    /** Starts a session; the secret goes into the cookie and nowhere else. */
    async create(userId: string, now: Date): Promise<string> {
      const secret = newSecret();
      await prisma.userSession.create({
        data: { secretHash: hashSecret(secret), userId, createdAt: now, expiresAt: expiry(now) },
      });
      return secret;
    },

    /** The session's user, or null when it is unknown or expired or its account disabled; extends a session in use. */
    async userOf(secretHash: string, now: Date): Promise<UserRecord | null> {
      const row = await prisma.userSession.findUnique({ where: { secretHash }, include: { user: true } });
      if (!row || row.expiresAt <= now || !isActiveAccount(row.user)) return null;
      if (row.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - EXTEND_AFTER_MS) {
        await prisma.userSession.update({ where: { secretHash }, data: { expiresAt: expiry(now) } });
      }
      const { id, email, name, isAdmin } = row.user;
      return { id, email, name, isAdmin };
    },

    /** True while the session exists and has not expired (ACL6 re-checks open sockets with it). */
    async isLive(secretHash: string, now: Date): Promise<boolean> {
      const row = await prisma.userSession.findUnique({ where: { secretHash }, select: { expiresAt: true } });
      return row !== null && row.expiresAt > now;
    },

    async remove(secretHash: string): Promise<void> {
      await prisma.userSession.deleteMany({ where: { secretHash } });
    },

    /** Drops expired sessions (called now and then, so the table does not grow forever). */
    async removeExpired(now: Date): Promise<number> {
      return (await prisma.userSession.deleteMany({ where: { expiresAt: { lte: now } } })).count;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

function expiry(now: Date): Date {
  return new Date(now.getTime() + SESSION_TTL_MS);
}
