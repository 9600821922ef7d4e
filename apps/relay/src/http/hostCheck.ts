import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { EdgeSettings } from '../support/edgeSettings';

// A host name or a bracketed IPv6 address, then a port: what a browser puts in `Host`. Anything else (`a@b`,
// `a/b`, spaces) is refused before `new URL` could read it as something else.
const HOST_HEADER = /^(?:\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9.-]{1,253})(?::\d{1,5})?$/;

/**
 * HTTP15: whether the relay answers a request that names `request.headers.host`. A DNS-rebinding page (its
 * name pointed at the relay's address once it is loaded) sends its own name there, and `Origin` with it, so
 * the Origin check alone lets it in. Answered, on any port: loopback names (`localhost`, `*.localhost`, which
 * browsers resolve to loopback themselves), any IP address (a page loaded from an address can't be rebound:
 * rebinding needs a DNS name the attacker controls), the host of BAALDA_PUBLIC_URL and BAALDA_ALLOWED_HOSTS.
 */
export function isAllowedHost(request: IncomingMessage, edge: EdgeSettings): boolean {
  const name = hostNameOf(request.headers.host);
  if (name === null) return false;
  if (isIP(name.replace(/^\[|\]$/g, '')) !== 0) return true;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return name === edge.publicUrl?.hostname.replace(/\.$/, '') || (edge.allowedHosts ?? []).includes(name);
}

/** The host name of a `Host` header, lower case, without a final dot; null when it is not a host. */
export function hostNameOf(host: string | undefined): string | null {
  if (host === undefined || !HOST_HEADER.test(host)) return null;
  try {
    // URL reads IPv4 in every form browsers do (`2130706433`, `0x7f.1`) as the address it is.
    return new URL(`http://${host}`).hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
}
