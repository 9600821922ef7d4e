import { batchedRead } from '../db/batchedRead';
import type { PrismaClient } from '../generated/prisma/client';
import { type Callers, createCallers } from './callers';
import type { NotePlace, NotePlaces } from './documentAccess';
import { createInviteStore, type InviteStore } from './inviteStore';
import { createMemberStore, type MemberStore } from './memberStore';
import { createOAuthTokenStore, type OAuthTokenStore } from './oauthTokenStore';
import type { PasswordCost } from './passwords';
import { createSessionStore, type SessionStore } from './sessionStore';
import { createTokenStore, type TokenStore } from './tokenStore';
import { createUserStore, type UserStore } from './userStore';

/** Everything about who may do what: the stores, and turning credentials into principals. */
export interface AccessService {
  readonly prisma: PrismaClient;
  readonly users: UserStore;
  readonly sessions: SessionStore;
  readonly members: MemberStore;
  readonly tokens: TokenStore;
  /** OAuth grants' access and refresh tokens (OAU2, OAU7). */
  readonly oauthTokens: OAuthTokenStore;
  readonly invites: InviteStore;
  readonly callers: Callers;
  readonly passwordCost: PasswordCost;
  /** A note's vault and path by its id, for the decision on a document being opened. */
  readonly notePlaces: NotePlaces;
}

/** Wires the access stores over one Prisma client. */
export function createAccessService(prisma: PrismaClient, passwordCost: PasswordCost): AccessService {
  const users = createUserStore(prisma);
  const sessions = createSessionStore(prisma);
  const members = createMemberStore(prisma);
  const tokens = createTokenStore(prisma);
  const invites = createInviteStore(prisma);
  const oauthTokens = createOAuthTokenStore(prisma);
  const callers = createCallers(prisma, { users, sessions, tokens, oauthTokens, members });
  return {
    prisma,
    users,
    sessions,
    members,
    tokens,
    oauthTokens,
    invites,
    callers,
    passwordCost,
    notePlaces: notePlaceReader(prisma),
  };
}

/** The places of the notes being opened at one moment, read in one statement. */
function notePlaceReader(prisma: PrismaClient): NotePlaces {
  return batchedRead<NotePlace>(async (docIds) => {
    const rows = await prisma.note.findMany({
      where: { docId: { in: [...docIds] } },
      select: { docId: true, vaultId: true, path: true },
    });
    return new Map(rows.map((row) => [row.docId, { vaultId: row.vaultId, path: row.path }]));
  });
}
