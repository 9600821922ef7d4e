import { OAUTH_CLIENT_LIMITS } from '@baalda/core';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { PrismaClient } from '../generated/prisma/client';
import { redirectUriProblem } from './redirectUris';

/** The SDK's error classes, loaded with the rest of the OAuth server (oauthServer). */
export type OAuthErrors = typeof import('@modelcontextprotocol/sdk/server/auth/errors.js');

// A registration nobody finished (no authorization, no grant) after a day is litter from a tool that
// gave up, or from a flood: it goes when the next client registers.
const UNUSED_CLIENT_MS = 86_400_000;
// RFC 7591 lets a server refuse metadata; this bounds what an unauthenticated request can make us keep.
const MAX_INFO_BYTES = 8 * 1024;
const CLIENT_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * OAU4: assistant apps registered by dynamic client registration (RFC 7591). Every client is a public
 * client (`token_endpoint_auth_method: none`): PKCE protects its codes, and no client secret is kept,
 * which the SDK's client check would otherwise need in plain text.
 */
export function createOAuthClientStore(
  prisma: PrismaClient,
  clock: () => Date,
  errors: OAuthErrors,
): OAuthRegisteredClientsStore {
  return {
    async getClient(clientId) {
      if (!CLIENT_ID.test(clientId)) return undefined;
      const row = await prisma.oAuthClient.findUnique({ where: { id: clientId } });
      return row ? usableClientOf(row.info as unknown as OAuthClientInformationFull) : undefined;
    },

    async registerClient(client) {
      const info = publicClientOf(client as OAuthClientInformationFull, errors);
      const now = clock();
      await prisma.oAuthClient.deleteMany({
        where: {
          createdAt: { lt: new Date(now.getTime() - UNUSED_CLIENT_MS) },
          grants: { none: {} },
          authorizations: { none: {} },
        },
      });
      await prisma.oAuthClient.create({
        data: { id: info.client_id, name: info.client_name ?? null, info: info as object, createdAt: now },
      });
      return info;
    },
  };
}

/**
 * OAU10: a client registered before a redirect rule tightened keeps only the redirect URIs the rule still
 * allows, so `/authorize` never hands a browser to one it would refuse today.
 */
function usableClientOf(info: OAuthClientInformationFull): OAuthClientInformationFull {
  return { ...info, redirect_uris: info.redirect_uris.filter((uri) => redirectUriProblem(uri) === null) };
}

/** The client as kept: checked against OAU4 and made public, whatever it asked for. */
function publicClientOf(client: OAuthClientInformationFull, errors: OAuthErrors): OAuthClientInformationFull {
  const uris = client.redirect_uris;
  if (uris.length === 0 || uris.length > OAUTH_CLIENT_LIMITS.maxRedirectUris) {
    throw new errors.CustomOAuthError(
      'invalid_redirect_uri',
      `Register 1 to ${OAUTH_CLIENT_LIMITS.maxRedirectUris} redirect URIs.`,
    );
  }
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem)
      throw new errors.CustomOAuthError('invalid_redirect_uri', `The redirect URI ${uri.slice(0, 200)} ${problem}.`);
  }
  const grantTypes = client.grant_types ?? ['authorization_code', 'refresh_token'];
  if (grantTypes.some((grant) => grant !== 'authorization_code' && grant !== 'refresh_token')) {
    throw new errors.InvalidClientMetadataError('Only the authorization_code and refresh_token grants are supported.');
  }
  const { client_secret: _secret, client_secret_expires_at: _expiry, ...rest } = client;
  const info: OAuthClientInformationFull = {
    ...rest,
    client_name: client.client_name?.slice(0, 200),
    token_endpoint_auth_method: 'none',
    grant_types: grantTypes,
    response_types: ['code'],
  };
  if (Buffer.byteLength(JSON.stringify(info)) > MAX_INFO_BYTES) {
    throw new errors.InvalidClientMetadataError(`The client metadata is larger than ${MAX_INFO_BYTES} bytes.`);
  }
  return info;
}
