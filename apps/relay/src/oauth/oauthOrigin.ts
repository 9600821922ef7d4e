import type { IncomingMessage } from 'node:http';
import { isLoopback } from '../access/adminKey';
import { publicOriginOf } from '../http/publicOrigin';
import type { EdgeSettings } from '../support/edgeSettings';

// The SDK's own rule for an issuer on plain http (createOAuthMetadata): these two names, nothing else.
const LOOPBACK_ISSUER_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * OAU12: the origin OAuth is offered at for this request, or null where it is not. https (BAALDA_PUBLIC_URL, or
 * a trusted proxy's `X-Forwarded-Proto`) always; plain http only when the request names a loopback host and
 * came from this machine: one from elsewhere that names `localhost` still crossed a network in the clear, with
 * its code or token in it.
 */
export function oauthOriginOf(request: IncomingMessage, edge: EdgeSettings): string | null {
  const origin = publicOriginOf(request, edge);
  if (origin === null) return null;
  const { protocol, hostname } = new URL(origin);
  if (protocol === 'https:') return origin;
  return LOOPBACK_ISSUER_HOSTS.has(hostname) && isLoopback(request.socket.remoteAddress) ? origin : null;
}

/** OAU8: the MCP resource of an origin: where Baalda's tokens may be used. */
export function mcpResourceOf(origin: string): string {
  return `${origin}/mcp`;
}

/** RFC 8707: a named resource as the relay keeps and compares it (parsed, no trailing slash); null if not a URL. */
export function resourceKeyOf(resource: string): string | null {
  if (!URL.canParse(resource)) return null;
  const href = new URL(resource).href;
  return href.endsWith('/') ? href.slice(0, -1) : href;
}
