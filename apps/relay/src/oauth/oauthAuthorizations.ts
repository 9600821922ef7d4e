import { OAUTH_LIFETIMES } from '@baalda/core';
import { hashSecret, newSecret } from '../access/secrets';
import type { PrismaClient } from '../generated/prisma/client';

/** What an assistant asked for at `/authorize`, checked by the SDK. */
export interface AuthorizationRequest {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly state: string | undefined;
  readonly scopes: readonly string[];
  readonly resource: string | undefined;
}

/** An authorization as the consent page and the code exchange read it. */
export interface StoredAuthorization extends AuthorizationRequest {
  readonly id: string;
  readonly clientName: string | null;
  readonly clientUri: string | null;
  readonly expiresAt: Date;
  readonly userId: string | null;
  readonly vaultId: string | null;
  readonly readOnly: boolean;
  readonly usedAt: Date | null;
  readonly grantId: string | null;
}

/** A person's answer on the consent page. */
export interface Consent {
  readonly userId: string;
  readonly vaultId: string;
  readonly readOnly: boolean;
}

// Old rows are of no use once their code is long dead (a replay is refused as unknown then too).
const KEEP_AFTER_EXPIRY_MS = 86_400_000;

/**
 * OAU6: an authorization from `/authorize` through the consent page to its one code exchange. The row's
 * id is in the consent page's URL; the code is kept as a hash only (ACC7).
 */
export function createOAuthAuthorizations(prisma: PrismaClient) {
  return {
    /** Keeps a checked request until the person answers; its id goes into the consent page's URL. */
    async create(request: AuthorizationRequest, now: Date): Promise<string> {
      await prisma.oAuthAuthorization.deleteMany({
        where: { expiresAt: { lt: new Date(now.getTime() - KEEP_AFTER_EXPIRY_MS) } },
      });
      const id = newSecret();
      await prisma.oAuthAuthorization.create({
        data: {
          id,
          clientId: request.clientId,
          redirectUri: request.redirectUri,
          codeChallenge: request.codeChallenge,
          state: request.state ?? null,
          scopes: request.scopes.join(' '),
          resource: request.resource ?? null,
          createdAt: now,
          expiresAt: new Date(now.getTime() + OAUTH_LIFETIMES.consentMs),
        },
      });
      return id;
    },

    /** The authorization still waiting for an answer, or null (unknown, answered or expired). */
    async pending(id: string, now: Date): Promise<StoredAuthorization | null> {
      const row = await prisma.oAuthAuthorization.findUnique({ where: { id }, include: { client: true } });
      return row && row.decidedAt === null && row.expiresAt > now ? toStored(row) : null;
    },

    /** Records the consent and makes the code (returned once); null when no longer pending. */
    async approve(
      id: string,
      consent: Consent,
      now: Date,
    ): Promise<{ code: string; authorization: StoredAuthorization } | null> {
      const code = newSecret();
      const { count } = await prisma.oAuthAuthorization.updateMany({
        where: { id, decidedAt: null, expiresAt: { gt: now } },
        data: {
          ...consent,
          codeHash: hashSecret(code),
          decidedAt: now,
          expiresAt: new Date(now.getTime() + OAUTH_LIFETIMES.codeMs),
        },
      });
      if (count === 0) return null;
      const row = await prisma.oAuthAuthorization.findUniqueOrThrow({ where: { id }, include: { client: true } });
      return { code, authorization: toStored(row) };
    },

    /** Records a refusal; null when no longer pending. */
    async deny(id: string, now: Date): Promise<StoredAuthorization | null> {
      const { count } = await prisma.oAuthAuthorization.updateMany({
        where: { id, decidedAt: null, expiresAt: { gt: now } },
        data: { decidedAt: now, usedAt: now },
      });
      if (count === 0) return null;
      return toStored(await prisma.oAuthAuthorization.findUniqueOrThrow({ where: { id }, include: { client: true } }));
    },

    /** The authorization a code was made for, spent or not; null for a code never made. */
    async byCode(code: string): Promise<StoredAuthorization | null> {
      const row = await prisma.oAuthAuthorization.findUnique({
        where: { codeHash: hashSecret(code) },
        include: { client: true },
      });
      return row ? toStored(row) : null;
    },
  };
}

export type OAuthAuthorizations = ReturnType<typeof createOAuthAuthorizations>;

interface AuthorizationRow {
  id: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  state: string | null;
  scopes: string;
  resource: string | null;
  expiresAt: Date;
  userId: string | null;
  vaultId: string | null;
  readOnly: boolean | null;
  usedAt: Date | null;
  grantId: string | null;
  client: { name: string | null; info: unknown };
}

function toStored(row: AuthorizationRow): StoredAuthorization {
  const clientUri = (row.client.info as { client_uri?: unknown }).client_uri;
  return {
    id: row.id,
    clientId: row.clientId,
    clientName: row.client.name,
    clientUri: typeof clientUri === 'string' ? clientUri : null,
    redirectUri: row.redirectUri,
    codeChallenge: row.codeChallenge,
    state: row.state ?? undefined,
    scopes: row.scopes === '' ? [] : row.scopes.split(' '),
    resource: row.resource ?? undefined,
    expiresAt: row.expiresAt,
    userId: row.userId,
    vaultId: row.vaultId,
    readOnly: row.readOnly ?? true,
    usedAt: row.usedAt,
    grantId: row.grantId,
  };
}
