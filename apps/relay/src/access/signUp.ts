import { DEFAULT_VAULT_ID } from '../store/prismaNoteStore';
import { bumpAccessEpoch } from './accessEpoch';
import type { AccessService } from './accessService';
import { hashPassword } from './passwords';
import { newRowId } from './secrets';
import type { UserRecord } from './userStore';

/** A checked sign-up. */
export interface SignUpInput {
  readonly email: string;
  readonly emailKey: string;
  readonly name: string;
  readonly password: string;
  /** An invite secret; needed unless this is the relay's first account. */
  readonly invite?: string;
}

export type SignUpRefusal = 'EMAIL_TAKEN' | 'INVITE_REQUIRED' | 'INVITE_INVALID';

export type SignUpOutcome =
  | { readonly ok: true; readonly user: UserRecord }
  | { readonly ok: false; readonly code: SignUpRefusal }
  | { readonly ok: false; readonly code: 'TOO_MANY_ATTEMPTS'; readonly retryAfterMs: number };

/**
 * ACC9: creates an account. The relay's first account needs no invite and becomes its admin and owner
 * of the `default` vault (so an install that predates accounts keeps its notes). Later accounts need a
 * valid invite and join its vault with its role. "First" is decided under a row lock, so two people
 * racing to sign up on a fresh relay can't both become admin. `hashingWaitMs` meters the sign-ups that get
 * as far as hashing (ACC11): 0 to go ahead, else how long to wait.
 */
export async function signUp(
  access: AccessService,
  input: SignUpInput,
  now: Date,
  hashingWaitMs: () => Promise<number>,
): Promise<SignUpOutcome> {
  // ACC11: a sign-up that will be refused costs no hash; one that will hash is metered first.
  const refusal = await signUpRefusal(access, input, now);
  if (refusal) return { ok: false, code: refusal };
  const retryAfterMs = await hashingWaitMs();
  if (retryAfterMs > 0) return { ok: false, code: 'TOO_MANY_ATTEMPTS', retryAfterMs };
  const passwordHash = await hashPassword(input.password, access.passwordCost);
  const created = await access.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT epoch FROM access_epoch WHERE id = 1 FOR UPDATE`;
    const first = (await tx.appUser.count()) === 0;
    if (!first && !input.invite) return { ok: false as const, code: 'INVITE_REQUIRED' as const };
    if (await tx.appUser.findUnique({ where: { emailKey: input.emailKey } })) {
      return { ok: false as const, code: 'EMAIL_TAKEN' as const };
    }
    const row = await tx.appUser.create({
      data: {
        id: newRowId(),
        email: input.email,
        emailKey: input.emailKey,
        name: input.name,
        passwordHash,
        isAdmin: first,
        createdAt: now,
      },
    });
    if (first) {
      await tx.vault.upsert({
        where: { id: DEFAULT_VAULT_ID },
        create: { id: DEFAULT_VAULT_ID, createdAt: now },
        update: {},
      });
      await tx.vaultMember.create({
        data: { vaultId: DEFAULT_VAULT_ID, userId: row.id, role: 'owner', createdAt: now },
      });
      await bumpAccessEpoch(tx);
    }
    return { ok: true as const, first, user: { id: row.id, email: row.email, name: row.name, isAdmin: row.isAdmin } };
  });
  if (!created.ok || created.first || !input.invite) return created.ok ? { ok: true, user: created.user } : created;
  const joined = await access.invites.accept(input.invite, created.user.id, now);
  if (joined) return { ok: true, user: created.user };
  // The invite died between the check and the use: undo the account rather than leave one in no vault.
  await access.prisma.appUser.delete({ where: { id: created.user.id } });
  return { ok: false, code: 'INVITE_INVALID' };
}

/**
 * ACC11: what refuses a sign-up, decided before any password is hashed: no invite once an account exists,
 * an invite that is unknown, used or expired, an email already in use. The transaction that creates the
 * account decides "first" and the email again under its lock; this only keeps refusals cheap.
 */
async function signUpRefusal(access: AccessService, input: SignUpInput, now: Date): Promise<SignUpRefusal | null> {
  if (input.invite === undefined) return (await access.users.count()) === 0 ? null : 'INVITE_REQUIRED';
  if (!(await access.invites.offerOf(input.invite, now))) return 'INVITE_INVALID';
  return (await access.users.byEmailKey(input.emailKey)) ? 'EMAIL_TAKEN' : null;
}
