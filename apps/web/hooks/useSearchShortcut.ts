'use client';

import { useEffect } from 'react';
import { useIsApplePlatform } from './useIsApplePlatform';

/**
 * Ctrl-K (⌘K on Apple keyboards) anywhere in the app, the editor and rename fields included. Listening in
 * the capture phase means no component that stops a key event's propagation can swallow it.
 */
export function useSearchShortcut(onPress: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      onPress();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [onPress]);
}

/** True for Ctrl-K or ⌘K with no other modifier. */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>) {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

/** The shortcut as this keyboard spells it; "Ctrl K" until mounted, so the prerendered shell matches. */
export function useSearchShortcutLabel(): string {
  return useIsApplePlatform() ? '⌘K' : 'Ctrl K';
}
