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

export type SignUpOutcome =
  | { readonly ok: true; readonly user: UserRecord }
  | { readonly ok: false; readonly code: 'EMAIL_TAKEN' | 'INVITE_REQUIRED' | 'INVITE_INVALID' };

/**
 * ACC9: creates an account. The relay's first account needs no invite and becomes its admin and owner
 * of the `default` vault (so an install that predates accounts keeps its notes). Later accounts need a
 * valid invite and join its vault with its role. "First" is decided under a row lock, so two people
 * racing to sign up on a fresh relay can't both become admin.
 */
export async function signUp(access: AccessService, input: SignUpInput, now: Date): Promise<SignUpOutcome> {
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
