/** How the relay is reached from outside: decides cookie flags, which origin is ours and which hosts it answers. */
export interface EdgeSettings {
  /** BAALDA_PUBLIC_URL: when https, cookies are `Secure`; its host is answered (HTTP15). */
  readonly publicUrl: URL | null;
  /** BAALDA_TRUST_PROXY: take the client address from `X-Forwarded-For` (behind a reverse proxy only). */
  readonly trustProxy: boolean;
  /** BAALDA_ALLOWED_HOSTS: more host names the relay answers to (HTTP15), lower case, without ports; none when absent. */
  readonly allowedHosts?: readonly string[];
}

/** A relay reached on its own address only: no public URL, no proxy, no other names. */
export const LOCAL_EDGE: EdgeSettings = { publicUrl: null, trustProxy: false, allowedHosts: [] };
