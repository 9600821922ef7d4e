import type { NextConfig } from 'next';

// The relay, not Next, serves this app: `out/` is a static export read from the same origin as the
// WebSocket and the HTTP API, so every URL the app uses stays relative.
const nextConfig: NextConfig = {
  output: 'export',
  transpilePackages: ['@baalda/core', '@baalda/sync-client'],
  images: { unoptimized: true },
  trailingSlash: false,
};

export default nextConfig;
