'use client';

import { useLayoutEffect } from 'react';
import { useIsApplePlatform } from './useIsApplePlatform';

/**
 * Ctrl-K (⌘K on Apple keyboards) anywhere in the app, the editor and rename fields included. Listening in
 * the capture phase means no component that stops a key event's propagation can swallow it. A layout effect
 * listens before the app is first painted: once anything of it shows, the shortcut works (a passive effect
 * can run a moment after the paint, and a press in between would be lost).
 */
export function useSearchShortcut(onPress: () => void): void {
  useLayoutEffect(() => {
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
