import { useEffect, useState } from 'react';
import { type Backlinks, fetchBacklinks, keepBacklinks, readKeptBacklinks } from '../lib/links/backlinksApi';

// New links from other notes arrive with those notes' stores; a visible list asks again this often.
const REFRESH_MS = 10_000;

/**
 * LINK5: the notes linking to `docId`, from the relay, asked again when the tree changes (`treeKey`), when
 * the device comes back online or the tab is shown again, and every 10 s while it is visible. Offline, the
 * last answer this device kept is shown; null until there is one.
 */
export function useBacklinks(vaultId: string, docId: string, keptKey: string, treeKey: unknown): Backlinks | null {
  const [backlinks, setBacklinks] = useState<Backlinks | null>(() => readKeptBacklinks(localStorage, keptKey));
  useEffect(() => setBacklinks(readKeptBacklinks(localStorage, keptKey)), [keptKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: treeKey is a trigger: a tree change asks again.
  useEffect(() => {
    let current = true;
    const ask = async (): Promise<void> => {
      if (document.visibilityState === 'hidden') return;
      const answer = await fetchBacklinks(vaultId, docId);
      if (!current) return;
      if (answer.ok) {
        const fresh = { backlinks: answer.backlinks, truncated: answer.truncated };
        setBacklinks(fresh);
        keepBacklinks(localStorage, keptKey, fresh);
      } else if (answer.code === 'NOTE_NOT_FOUND') {
        setBacklinks({ backlinks: [], truncated: false });
      }
    };
    void ask();
    const timer = window.setInterval(() => void ask(), REFRESH_MS);
    const onChange = () => void ask();
    window.addEventListener('online', onChange);
    document.addEventListener('visibilitychange', onChange);
    return () => {
      current = false;
      window.clearInterval(timer);
      window.removeEventListener('online', onChange);
      document.removeEventListener('visibilitychange', onChange);
    };
  }, [vaultId, docId, keptKey, treeKey]);
  return backlinks;
}
