'use client';

import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs`, so "5 min ago" labels age while the page is open. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
