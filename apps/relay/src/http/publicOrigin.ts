import type { IncomingMessage } from 'node:http';
import type { EdgeSettings } from '../support/edgeSettings';

/**
 * The origin people and assistants reach this relay at: BAALDA_PUBLIC_URL when set, else the request's
 * own `Host` (and, behind a trusted proxy, its `X-Forwarded-Proto`). OAuth's issuer and the MCP
 * resource are named from it, so a relay on localhost and one behind a proxy both advertise what
 * their clients really use. Null when the `Host` header is not a host.
 */
export function publicOriginOf(request: IncomingMessage, edge: EdgeSettings): string | null {
  if (edge.publicUrl) return edge.publicUrl.origin;
  const host = request.headers.host;
  if (!host || !/^[A-Za-z0-9.\-[\]:]{1,261}$/.test(host)) return null;
  const forwarded = request.headers['x-forwarded-proto'];
  const protocol = edge.trustProxy && forwarded === 'https' ? 'https' : 'http';
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return null;
  }
}
