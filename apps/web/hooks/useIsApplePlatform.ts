'use client';

import { useEffect, useState } from 'react';

/** True on Macs, iPhones and iPads, whose keyboards say ⌘ where others say Ctrl. */
export function isApplePlatform(userAgent: string): boolean {
  return /Mac|iPhone|iPad/.test(userAgent);
}

/** `isApplePlatform` for this browser; false until mounted, so the prerendered shell matches the first render. */
export function useIsApplePlatform(): boolean {
  const [apple, setApple] = useState(false);
  useEffect(() => setApple(isApplePlatform(navigator.userAgent)), []);
  return apple;
}
