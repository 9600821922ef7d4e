import type { MetadataRoute } from 'next';

// A static export needs the manifest generated at build time, never per request.
export const dynamic = 'force-static';

export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'Baalda',
    short_name: 'Baalda',
    description: 'Local-first notes that keep working offline.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#fbfaf8',
    theme_color: '#fbfaf8',
    icons: [
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icon-maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
    ],
  };
}
