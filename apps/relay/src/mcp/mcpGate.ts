import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerTokenOf, OAUTH_SCOPES } from '@baalda/core';
import type { AccessService } from '../access/accessService';
import type { Caller } from '../access/callers';
import type { CallMeter } from '../access/callLimits';
import { isOwnOrigin } from '../access/requestAuth';
import { sendError } from '../http/httpErrors';
import { publicOriginOf } from '../http/publicOrigin';
import type { EdgeSettings } from '../support/edgeSettings';

/** A token caller allowed through the MCP door. */
export type TokenCaller = Extract<Caller, { kind: 'token' }>;

/** What the door needs. */
export interface McpGateContext {
  readonly access: AccessService;
  readonly edge: EdgeSettings;
  /** LIM10, counted by every relay of a group together when they share Redis (SCALE8). */
  readonly limiter: CallMeter;
  readonly clock: () => Date;
}

/**
 * MCP2: who may use `/mcp`, checked before a byte of the body is read. Only a personal access token or
 * an OAuth access token (assistants don't hold browser sessions): none or a dead one → 401 with
 * `WWW-Authenticate` naming the protected resource metadata (RFC 6750, RFC 9728, OAU8); an `Origin` that is not ours → 403 (DNS rebinding: a web page on
 * another site reaching a relay on localhost); over the token's rate → 429 with `Retry-After`.
 * Null after answering.
 */
export async function passMcpGate(
  request: IncomingMessage,
  response: ServerResponse,
  context: McpGateContext,
): Promise<TokenCaller | null> {
  const origin = request.headers.origin;
  if (origin !== undefined && !isOwnOrigin(origin, request, context.edge)) {
    sendError(response, 'ORIGIN_REFUSED', 'MCP requests from web pages of other sites are refused.');
    return null;
  }
  const now = context.clock();
  const caller = await context.access.callers.resolveAssistant(request.headers.authorization, now);
  if (caller?.kind !== 'token') {
    response.setHeader('WWW-Authenticate', bearerChallenge(request, context));
    sendError(response, 'UNAUTHENTICATED', 'Send Authorization: Bearer <access token>, or connect with OAuth.');
    return null;
  }
  const waitMs = await context.limiter.take(caller.token.id, now.getTime());
  if (waitMs > 0) {
    response.setHeader('Retry-After', String(Math.ceil(waitMs / 1000)));
    sendError(response, 'RATE_LIMITED');
    return null;
  }
  return caller;
}

/**
 * OAU8: the 401's challenge. It points at the protected resource metadata (where OAuth starts) and names
 * the scopes; `invalid_token` only when a token came (RFC 6750 §3.1: no error code for a request
 * without credentials).
 */
function bearerChallenge(request: IncomingMessage, context: McpGateContext): string {
  const origin = publicOriginOf(request, context.edge);
  const parts = ['Bearer realm="baalda"'];
  if (bearerTokenOf(request.headers.authorization)) parts.push('error="invalid_token"');
  if (origin) parts.push(`resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`);
  parts.push(`scope="${Object.values(OAUTH_SCOPES).join(' ')}"`);
  return parts.join(', ');
}
