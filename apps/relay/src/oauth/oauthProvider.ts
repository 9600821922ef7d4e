import {
  grantedScope,
  isOAuthAccessTokenShape,
  isOAuthRefreshTokenShape,
  OAUTH_SCOPES,
  oauthGrantName,
  unknownScopes,
} from '@baalda/core';
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Response } from 'express';
import type { AccessService } from '../access/accessService';
import { isDead } from '../access/callers';
import type { IssuedTokens } from '../access/oauthTokenStore';
import { hashSecret } from '../access/secrets';
import type { EdgeSettings } from '../support/edgeSettings';
import { createOAuthAuthorizations } from './oauthAuthorizations';
import { createOAuthClientStore, type OAuthErrors } from './oauthClients';
import { resourceKeyOf } from './oauthOrigin';

/** Where the browser goes to answer an assistant: the web app, with the authorization's id. */
export const CONSENT_PARAM = 'oauth';

/** What the OAuth provider needs from the relay. */
export interface OAuthProviderContext {
  readonly access: AccessService;
  readonly edge: EdgeSettings;
  readonly clock: () => Date;
}

/**
 * OAU6, OAU7: Baalda as the SDK's OAuthServerProvider. The SDK checks the protocol (client, redirect URI,
 * PKCE S256, the verifier against the challenge); this decides what Baalda decides: scopes, the resource,
 * consent in the web app, codes spent once, grants as access tokens, rotating refresh tokens.
 */
export function createOAuthProvider(context: OAuthProviderContext, errors: OAuthErrors): OAuthServerProvider {
  const { access, clock } = context;
  const authorizations = createOAuthAuthorizations(access.prisma);
  const badCode = () => new errors.InvalidGrantError('The authorization code is unknown, used or expired.');

  return {
    clientsStore: createOAuthClientStore(access.prisma, clock, errors),

    async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response) {
      const scopes = params.scopes ?? [];
      const unknown = unknownScopes(scopes);
      if (unknown.length > 0) throw new errors.InvalidScopeError(`Unknown scope: ${unknown.join(' ').slice(0, 200)}.`);
      // OAU11: a named resource was checked to be this relay's /mcp before the SDK ran (refuseForeignResource).
      const resource = params.resource ? (resourceKeyOf(params.resource.href) ?? undefined) : undefined;
      const id = await authorizations.create(
        {
          clientId: client.client_id,
          redirectUri: params.redirectUri,
          codeChallenge: params.codeChallenge,
          state: params.state,
          scopes,
          resource,
        },
        clock(),
      );
      res.redirect(302, `/?${CONSENT_PARAM}=${id}`);
    },

    async challengeForAuthorizationCode(client: OAuthClientInformationFull, code: string) {
      const authorization = await authorizations.byCode(code);
      if (!authorization || authorization.clientId !== client.client_id) throw badCode();
      return authorization.codeChallenge;
    },

    async exchangeAuthorizationCode(client, code, _verifier, redirectUri, resource): Promise<OAuthTokens> {
      const now = clock();
      const authorization = await authorizations.byCode(code);
      if (!authorization || authorization.clientId !== client.client_id) throw badCode();
      if (authorization.usedAt) {
        // OAuth 2.1 §4.1.3: a code that comes twice was copied; what it gave is taken back.
        if (authorization.grantId) await access.oauthTokens.revokeGrant(authorization.grantId, now);
        throw badCode();
      }
      if (authorization.expiresAt <= now || !authorization.userId || !authorization.vaultId) throw badCode();
      if (redirectUri !== undefined && redirectUri !== authorization.redirectUri) {
        throw new errors.InvalidGrantError('redirect_uri is not the one the code was issued to.');
      }
      // OAU11: the resource the code was asked for, if any; that it is ours was checked before the SDK ran.
      if (resource && authorization.resource && resourceKeyOf(resource.href) !== authorization.resource) {
        throw new errors.InvalidTargetError('The resource is not the one the code was issued for.');
      }
      const consent = {
        userId: authorization.userId,
        vaultId: authorization.vaultId,
        readOnly: authorization.readOnly,
      };
      const issued = await access.prisma.$transaction(async (tx) => {
        const spent = await tx.oAuthAuthorization.updateMany({
          where: { codeHash: hashSecret(code), usedAt: null },
          data: { usedAt: now },
        });
        if (spent.count === 0) return null;
        const name = oauthGrantName(client.client_name);
        const made = await access.oauthTokens.createGrant(tx, { ...consent, name, clientId: client.client_id }, now);
        await tx.oAuthAuthorization.update({ where: { id: authorization.id }, data: { grantId: made.grantId } });
        return made.tokens;
      });
      if (!issued) throw badCode();
      return tokenAnswer(issued, consent.readOnly);
    },

    async exchangeRefreshToken(client, refreshToken, scopes): Promise<OAuthTokens> {
      if (!isOAuthRefreshTokenShape(refreshToken))
        throw new errors.InvalidGrantError('The refresh token is not valid.');
      const outcome = await access.oauthTokens.rotate(
        refreshToken,
        clock(),
        (grant) => grant.clientId === client.client_id,
      );
      if (!outcome.ok) throw new errors.InvalidGrantError(REFRESH_REFUSALS[outcome.reason]);
      if (outcome.grant.readOnly && scopes?.includes(OAUTH_SCOPES.write)) {
        throw new errors.InvalidScopeError('This grant may read only.');
      }
      return tokenAnswer(outcome.tokens, outcome.grant.readOnly);
    },

    async verifyAccessToken(token: string): Promise<AuthInfo> {
      const now = clock();
      const grant = isOAuthAccessTokenShape(token) ? await access.oauthTokens.byAccessToken(token, now) : null;
      if (!grant || isDead(grant, now)) throw new errors.InvalidTokenError('The access token is not valid.');
      return {
        token,
        clientId: grant.id,
        scopes: grantedScope(grant.readOnly).split(' '),
        expiresAt: grant.expiresAt === null ? undefined : Math.floor(grant.expiresAt / 1000),
      };
    },

    async revokeToken(client, request) {
      const held = await access.oauthTokens.grantOf(request.token);
      if (!held || held.clientId !== client.client_id) return;
      // RFC 7009 §2.1: revoking a refresh token ends its grant; an access token alone may just go.
      if (held.kind === 'refresh') await access.oauthTokens.revokeGrant(held.grantId, clock());
      else await access.oauthTokens.dropAccessToken(request.token);
    },
  };
}

const REFRESH_REFUSALS = {
  unknown: 'The refresh token is not valid.',
  reused: 'The refresh token was already used; its grant is revoked. Connect again.',
  expired: 'The refresh token has expired. Connect again.',
  dead: 'The grant was revoked or has expired. Connect again.',
} as const;

function tokenAnswer(tokens: IssuedTokens, readOnly: boolean): OAuthTokens {
  return {
    access_token: tokens.accessToken,
    token_type: 'Bearer',
    expires_in: tokens.expiresInSeconds,
    refresh_token: tokens.refreshToken,
    scope: grantedScope(readOnly),
  };
}
