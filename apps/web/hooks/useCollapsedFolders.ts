'use client';

import { ancestorFoldersOf, pathKey } from '@baalda/core';
import { useCallback, useEffect, useState } from 'react';

/**
 * Which folders are closed, remembered on this device. Folders start open: a new folder, or a note just
 * moved into one, stays in view without a click. Keys (PATH9) so a case-only rename keeps the state.
 */
export function useCollapsedFolders(storageKey: string): {
  isCollapsed(path: string): boolean;
  toggle(path: string): void;
  /** Opens every folder `path` lies in, so the item shows. */
  reveal(path: string): void;
} {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => setCollapsed(readStored(storageKey)), [storageKey]);
  const update = useCallback(
    (change: (keys: Set<string>) => void) => {
      setCollapsed((current) => {
        const next = new Set(current);
        change(next);
        if (next.size === current.size && [...next].every((key) => current.has(key))) return current;
        writeStored(storageKey, next);
        return next;
      });
    },
    [storageKey],
  );
  return {
    isCollapsed: (path) => collapsed.has(pathKey(path)),
    toggle: useCallback(
      (path: string) =>
        update((keys) => {
          const key = pathKey(path);
          if (!keys.delete(key)) keys.add(key);
        }),
      [update],
    ),
    reveal: useCallback(
      (path: string) =>
        update((keys) => {
          for (const folder of ancestorFoldersOf(path)) keys.delete(pathKey(folder));
        }),
      [update],
    ),
  };
}

// localStorage can be missing or full (private modes); open folders are a convenience, never worth an error.
function readStored(storageKey: string): Set<string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((key) => typeof key === 'string') : []);
  } catch {
    return new Set();
  }
}

function writeStored(storageKey: string, keys: ReadonlySet<string>): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify([...keys]));
  } catch {
    // See readStored.
  }
}
