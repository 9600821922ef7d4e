/** How the relay is reached from outside: decides cookie flags and which origin is ours. */
export interface EdgeSettings {
  /** BAALDA_PUBLIC_URL: when https, cookies are `Secure`. */
  readonly publicUrl: URL | null;
  /** BAALDA_TRUST_PROXY: take the client address from `X-Forwarded-For` (behind a reverse proxy only). */
  readonly trustProxy: boolean;
}
