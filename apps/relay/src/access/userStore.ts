import type { PrismaClient } from '../generated/prisma/client';
import { newRowId } from './secrets';

/** An account as the relay's code sees it (never its password hash outside this folder). */
export interface UserRecord {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly isAdmin: boolean;
}

/** What the API shows of an account. */
export function publicUser(user: UserRecord): UserRecord {
  return { id: user.id, email: user.email, name: user.name, isAdmin: user.isAdmin };
}

/** A new account's fields; `emailKey` is ACC1's lower-case key. */
export interface NewUser {
  readonly email: string;
  readonly emailKey: string;
  readonly name: string;
  readonly passwordHash: string;
  readonly isAdmin: boolean;
}

/** Accounts in `app_user`. */
export function createUserStore(prisma: PrismaClient) {
  return {
    count: () => prisma.appUser.count(),

    /** Creates an account; null when the email is taken (the unique key decides, even under a race). */
    async create(user: NewUser, now: Date): Promise<UserRecord | null> {
      try {
        return toRecord(await prisma.appUser.create({ data: { id: newRowId(), ...user, createdAt: now } }));
      } catch (error) {
        if ((error as { code?: string }).code === 'P2002') return null;
        throw error;
      }
    },

    /** The account and its password hash, for signing in. */
    async withPasswordByEmailKey(emailKey: string): Promise<{ user: UserRecord; passwordHash: string } | null> {
      const row = await prisma.appUser.findUnique({ where: { emailKey } });
      return row ? { user: toRecord(row), passwordHash: row.passwordHash } : null;
    },

    async byEmailKey(emailKey: string): Promise<UserRecord | null> {
      const row = await prisma.appUser.findUnique({ where: { emailKey } });
      return row ? toRecord(row) : null;
    },

    async byId(id: string): Promise<UserRecord | null> {
      const row = await prisma.appUser.findUnique({ where: { id } });
      return row ? toRecord(row) : null;
    },
  };
}

export type UserStore = ReturnType<typeof createUserStore>;

function toRecord(row: { id: string; email: string; name: string; isAdmin: boolean }): UserRecord {
  return { id: row.id, email: row.email, name: row.name, isAdmin: row.isAdmin };
}
