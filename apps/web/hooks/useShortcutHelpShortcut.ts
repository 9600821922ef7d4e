'use client';

import { useEffect } from 'react';

/**
 * Ctrl-/ (⌘/ on Apple keyboards) anywhere in the app, the editor included: in the capture phase, as search's
 * Ctrl-K, so no component that stops a key event can swallow it.
 */
export function useShortcutHelpShortcut(onPress: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcutHelpShortcut(event)) return;
      event.preventDefault();
      onPress();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [onPress]);
}

/**
 * True for Ctrl-/ or ⌘/ without Alt. Shift is allowed: on many layouts `/` is itself a shifted key (Shift-7 on
 * German ones), and Ctrl-Shift-/ is Ctrl-? on US ones, which asks for help just as well.
 */
export function isShortcutHelpShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && (event.key === '/' || event.key === '?');
}
