import { type AnyExtension, getExtensionField, resolveExtensions } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { editorExtensions } from '../editorExtensions';
import { EDITOR_SHORTCUTS, formatShortcut } from './editorShortcuts';

// The chords the editor's extensions bind, with modifiers in one order (`Shift-Mod-z` is `Mod-Shift-z`).
function boundChords(): Set<string> {
  const extensions = resolveExtensions(editorExtensions(new Y.Doc()));
  return new Set(extensions.flatMap((extension) => Object.keys(keymapOf(extension)).map(normalized)));
}

function keymapOf(extension: AnyExtension): Record<string, unknown> {
  const context = { name: extension.name, options: extension.options, storage: {}, editor: {}, type: null };
  const addKeyboardShortcuts = getExtensionField<() => Record<string, unknown>>(
    extension,
    'addKeyboardShortcuts',
    context,
  );
  return addKeyboardShortcuts?.() ?? {};
}

function normalized(chord: string): string {
  const parts = chord.split(/-(?=.)/);
  const key = parts.pop() ?? '';
  return [...parts.sort(), key.toLowerCase()].join('-');
}

describe('shortcut labels', () => {
  it('[MENU6] Apple keyboards show ⌘ for Mod and symbols in ⌃⌥⇧⌘ order, the others Ctrl+Alt+Shift+key', () => {
    expect(formatShortcut('Mod-b', 'apple')).toBe('⌘B');
    expect(formatShortcut('Mod-b', 'other')).toBe('Ctrl+B');
    expect(formatShortcut('Mod-Shift-h', 'apple')).toBe('⇧⌘H');
    expect(formatShortcut('Mod-Shift-h', 'other')).toBe('Ctrl+Shift+H');
    expect(formatShortcut('Mod-Alt-1', 'apple')).toBe('⌥⌘1');
    expect(formatShortcut('Mod-Alt-1', 'other')).toBe('Ctrl+Alt+1');
    expect(formatShortcut('Shift-Enter', 'apple')).toBe('⇧Enter');
    expect(formatShortcut('Shift-Enter', 'other')).toBe('Shift+Enter');
  });

  it('[MENU6] a key that is punctuation, a dash included, stays itself', () => {
    expect(formatShortcut('Mod-/', 'apple')).toBe('⌘/');
    expect(formatShortcut('Mod-/', 'other')).toBe('Ctrl+/');
    expect(formatShortcut('/', 'other')).toBe('/');
    expect(formatShortcut('Mod--', 'other')).toBe('Ctrl+-');
  });

  it('[MENU6] every editing shortcut the help lists is one the editor binds', () => {
    const bound = boundChords();
    const ownKeys = new Set(['/', 'Mod-k', 'Mod-/']);
    const listed = EDITOR_SHORTCUTS.flatMap((group) => group.shortcuts).filter((entry) => !ownKeys.has(entry.keys));
    expect(listed.filter((entry) => !bound.has(normalized(entry.keys)))).toEqual([]);
    expect(listed.length).toBeGreaterThan(15);
  });

  it('[MENU6] the help lists the marks, the headings, the lists, undo and search', () => {
    const listed = new Map(
      EDITOR_SHORTCUTS.flatMap((group) => group.shortcuts.map((entry) => [entry.action, entry.keys])),
    );
    expect(Object.fromEntries(listed)).toMatchObject({
      Bold: 'Mod-b',
      Highlight: 'Mod-Shift-h',
      'Heading 2': 'Mod-Alt-2',
      'Task list': 'Mod-Shift-9',
      'Code block': 'Mod-Alt-c',
      Undo: 'Mod-z',
      Redo: 'Mod-Shift-z',
      'Search notes': 'Mod-k',
    });
  });
});
