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

/** ACC13: an account an admin has not disabled. A disabled one is no caller, whatever it holds. */
export function isActiveAccount(row: { readonly disabledAt: Date | null }): boolean {
  return row.disabledAt === null;
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

    /** The account, its password hash and whether it is disabled, for signing in. */
    async withPasswordByEmailKey(emailKey: string): Promise<WithPassword | null> {
      return withPassword(await prisma.appUser.findUnique({ where: { emailKey } }));
    },

    /** The same by id, for checking a signed-in person's current password (ACC12). */
    async withPasswordById(id: string): Promise<WithPassword | null> {
      return withPassword(await prisma.appUser.findUnique({ where: { id } }));
    },

    /** The account behind a token or socket, or null when it is unknown or disabled (ACC13). */
    async activeById(id: string): Promise<UserRecord | null> {
      const row = await prisma.appUser.findUnique({ where: { id } });
      return row && isActiveAccount(row) ? toRecord(row) : null;
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

/** An account with what signing in checks: its password hash, and whether an admin disabled it. */
export interface WithPassword {
  readonly user: UserRecord;
  /** ACC1's key, what ACC6 counts failures by. */
  readonly emailKey: string;
  readonly passwordHash: string;
  readonly disabled: boolean;
}

function withPassword(row: (Parameters<typeof toRecord>[0] & UserSecrets) | null): WithPassword | null {
  if (!row) return null;
  return {
    user: toRecord(row),
    emailKey: row.emailKey,
    passwordHash: row.passwordHash,
    disabled: !isActiveAccount(row),
  };
}

interface UserSecrets {
  readonly emailKey: string;
  readonly passwordHash: string;
  readonly disabledAt: Date | null;
}

function toRecord(row: { id: string; email: string; name: string; isAdmin: boolean }): UserRecord {
  return { id: row.id, email: row.email, name: row.name, isAdmin: row.isAdmin };
}
