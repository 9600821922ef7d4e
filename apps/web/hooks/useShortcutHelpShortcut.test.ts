import { describe, expect, it } from 'vitest';
import { isShortcutHelpShortcut } from './useShortcutHelpShortcut';

const press = (key: string, modifiers: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>>) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});

describe('the shortcut help shortcut', () => {
  it('[MENU6] is Ctrl-/ or ⌘/ (or with Shift, ? on US keyboards), never a plain slash or with Alt', () => {
    expect(isShortcutHelpShortcut(press('/', { ctrlKey: true }))).toBe(true);
    expect(isShortcutHelpShortcut(press('/', { metaKey: true }))).toBe(true);
    expect(isShortcutHelpShortcut(press('?', { ctrlKey: true }))).toBe(true);
    expect(isShortcutHelpShortcut(press('/', {}))).toBe(false);
    expect(isShortcutHelpShortcut(press('?', {}))).toBe(false);
    expect(isShortcutHelpShortcut(press('/', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isShortcutHelpShortcut(press('k', { ctrlKey: true }))).toBe(false);
  });
});
