import { describe, expect, it } from 'vitest';
import { isSearchShortcut } from './useSearchShortcut';

const press = (key: string, modifiers: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>>) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...modifiers,
});

describe('the search shortcut', () => {
  it('is Ctrl-K or ⌘K, with caps lock on or off, and nothing else', () => {
    expect(isSearchShortcut(press('k', { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(press('K', { metaKey: true }))).toBe(true);
    expect(isSearchShortcut(press('k', {}))).toBe(false);
    expect(isSearchShortcut(press('k', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSearchShortcut(press('k', { ctrlKey: true, altKey: true }))).toBe(false);
  });
});
