'use client';

import { useEffect } from 'react';
import { warmSemanticFilesWhenIdle } from '../lib/search/semantic/warmSemanticFiles';

/**
 * Registers `/sw.js`, which precaches the app shell so the app opens with the network off, and then has it
 * cache the sentence encoder's files in the background (SEMW2).
 * Production only: in `next dev` the files change on every save and a cache-first worker would serve stale
 * code (and `sw.js` is generated after `next build`, so dev has none).
 */
export function useServiceWorker(): void {
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return undefined;
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The offline app shell could not be installed', error);
    });
    return warmSemanticFilesWhenIdle(navigator.serviceWorker);
  }, []);
}
