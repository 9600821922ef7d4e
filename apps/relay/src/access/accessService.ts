import type { PrismaClient } from '../generated/prisma/client';
import { type Callers, createCallers } from './callers';
import { createInviteStore, type InviteStore } from './inviteStore';
import { createMemberStore, type MemberStore } from './memberStore';
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
  readonly invites: InviteStore;
  readonly callers: Callers;
  readonly passwordCost: PasswordCost;
}

/** Wires the access stores over one Prisma client. */
export function createAccessService(prisma: PrismaClient, passwordCost: PasswordCost): AccessService {
  const users = createUserStore(prisma);
  const sessions = createSessionStore(prisma);
  const members = createMemberStore(prisma);
  const tokens = createTokenStore(prisma);
  const invites = createInviteStore(prisma);
  const callers = createCallers(prisma, { users, sessions, tokens, members });
  return { prisma, users, sessions, members, tokens, invites, callers, passwordCost };
}
