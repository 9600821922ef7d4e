/** Apple keyboards say ⌘ where the others say Ctrl, and draw every modifier as a symbol. */
export type KeyboardPlatform = 'apple' | 'other';

/** A shortcut as Tiptap and ProseMirror write it: `Mod-Shift-h`, where Mod is ⌘ on Apple keyboards, else Ctrl. */
export type KeyChord = string;

export interface Shortcut {
  readonly action: string;
  readonly keys: KeyChord;
}

export interface ShortcutGroup {
  readonly title: string;
  readonly shortcuts: readonly Shortcut[];
}

/** The marks the selection toolbar toggles, and the keys Tiptap's extensions bind to each. */
export const MARK_KEYS = {
  bold: 'Mod-b',
  italic: 'Mod-i',
  strike: 'Mod-Shift-s',
  code: 'Mod-e',
  highlight: 'Mod-Shift-h',
} as const satisfies Record<string, KeyChord>;

/** Shortcut help's own keys (MENU6). */
export const SHORTCUT_HELP_KEYS: KeyChord = 'Mod-/';

/**
 * The editor's shortcuts as the help dialog lists them. They are the keymaps of the extensions in
 * `editorExtensions` (StarterKit's marks and blocks, task lists, highlight, Collaboration's undo) and the
 * app's own: search (`useSearchShortcut`), this help, the slash menu.
 */
export const EDITOR_SHORTCUTS: readonly ShortcutGroup[] = [
  {
    title: 'Text',
    shortcuts: [
      { action: 'Bold', keys: MARK_KEYS.bold },
      { action: 'Italic', keys: MARK_KEYS.italic },
      { action: 'Underline', keys: 'Mod-u' },
      { action: 'Strikethrough', keys: MARK_KEYS.strike },
      { action: 'Inline code', keys: MARK_KEYS.code },
      { action: 'Highlight', keys: MARK_KEYS.highlight },
    ],
  },
  {
    title: 'Blocks',
    shortcuts: [
      { action: 'Insert a block', keys: '/' },
      { action: 'Heading 1', keys: 'Mod-Alt-1' },
      { action: 'Heading 2', keys: 'Mod-Alt-2' },
      { action: 'Heading 3', keys: 'Mod-Alt-3' },
      { action: 'Bullet list', keys: 'Mod-Shift-8' },
      { action: 'Numbered list', keys: 'Mod-Shift-7' },
      { action: 'Task list', keys: 'Mod-Shift-9' },
      { action: 'Code block', keys: 'Mod-Alt-c' },
      { action: 'Quote', keys: 'Mod-Shift-b' },
      { action: 'Line break in a block', keys: 'Shift-Enter' },
    ],
  },
  {
    title: 'History',
    shortcuts: [
      { action: 'Undo', keys: 'Mod-z' },
      { action: 'Redo', keys: 'Mod-Shift-z' },
    ],
  },
  {
    title: 'App',
    shortcuts: [
      { action: 'Search notes', keys: 'Mod-k' },
      { action: 'Keyboard shortcuts', keys: SHORTCUT_HELP_KEYS },
    ],
  },
];

// Apple's order and symbols (⌃⌥⇧⌘); the others spell modifiers out in the order Ctrl+Alt+Shift.
const MODIFIERS = [
  { name: 'Ctrl', apple: '⌃' },
  { name: 'Alt', apple: '⌥' },
  { name: 'Shift', apple: '⇧' },
  { name: 'Mod', apple: '⌘' },
] as const;

/**
 * A chord as this keyboard labels it: `Mod-Shift-h` is "⇧⌘H" on a Mac and "Ctrl+Shift+H" elsewhere.
 * @example formatShortcut('Mod-Alt-1', 'apple') // '⌥⌘1'
 */
export function formatShortcut(chord: KeyChord, platform: KeyboardPlatform): string {
  // `Mod-/` splits into its modifiers and the key after the last dash (the key itself may be `-`).
  const parts = chord.length > 1 ? chord.split(/-(?=.)/) : [chord];
  const key = parts.pop() ?? '';
  const held = MODIFIERS.filter((modifier) => parts.includes(modifier.name));
  const keyLabel = key.length === 1 ? key.toUpperCase() : key;
  if (platform === 'apple') return `${held.map((modifier) => modifier.apple).join('')}${keyLabel}`;
  // Mod is Ctrl here, and Ctrl comes first.
  const names: string[] = held.map((modifier) => (modifier.name === 'Mod' ? 'Ctrl' : modifier.name));
  return [...['Ctrl', 'Alt', 'Shift'].filter((name) => names.includes(name)), keyLabel].join('+');
}
