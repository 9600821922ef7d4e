'use client';

import { useEffect } from 'react';

/**
 * Registers `/sw.js`, which precaches the app shell so the app opens with the network off.
 * Production only: in `next dev` the files change on every save and a cache-first worker would serve stale
 * code (and `sw.js` is generated after `next build`, so dev has none).
 */
export function useServiceWorker(): void {
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The offline app shell could not be installed', error);
    });
  }, []);
}
