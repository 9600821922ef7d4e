import type { NextConfig } from 'next';

// The relay, not Next, serves this app: `out/` is a static export read from the same origin as the
// WebSocket and the HTTP API, so every URL the app uses stays relative.
const nextConfig: NextConfig = {
  output: 'export',
  transpilePackages: ['@baalda/core', '@baalda/markdown', '@baalda/sync-client'],
  images: { unoptimized: true },
  trailingSlash: false,
  // `npm run typecheck` (part of `npm test`) checks this app with the same tsconfig.json; checking it again
  // inside `next build` took half of every build, and so of a newcomer's first `npm start`.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
