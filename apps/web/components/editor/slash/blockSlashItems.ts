import type { ChainedCommands, Editor } from '@tiptap/core';
import type { SlashItem } from './slashItem';

interface BlockItemSpec {
  readonly id: string;
  readonly title: string;
  readonly keywords: readonly string[];
  readonly hint: string;
  /** Turns the caret's block into this one (or inserts it there), on a chain that already removed `/query`. */
  apply(chain: ChainedCommands): ChainedCommands;
  /** False where the block is already what the item makes, or can't go (no table in a table: GFM has none). */
  isWanted?(editor: Editor): boolean;
}

/**
 * An item whose command is one chain, so `/query` and the new block are one step of undo. It is offered only
 * where that chain would succeed (`can()`): a heading can't be a list item's first line, say, and choosing
 * it there would only delete what was typed.
 */
function blockItem(spec: BlockItemSpec): SlashItem {
  const { apply, isWanted, ...shown } = spec;
  return {
    ...shown,
    isAvailable: (editor, range) =>
      (isWanted?.(editor) ?? true) && apply(editor.can().chain().deleteRange(range)).run(),
    run: (editor, range) => {
      apply(editor.chain().focus().deleteRange(range)).run();
    },
  };
}

const headingItem = (level: 1 | 2 | 3) =>
  blockItem({
    id: `heading${level}`,
    title: `Heading ${level}`,
    keywords: [`h${level}`, 'title'],
    hint: '#'.repeat(level),
    apply: (chain) => chain.setHeading({ level }),
    isWanted: (editor) => !editor.isActive('heading', { level }),
  });

/** The blocks every note can hold, in the order the menu shows them. */
export const blockSlashItems: readonly SlashItem[] = [
  headingItem(1),
  headingItem(2),
  headingItem(3),
  blockItem({
    id: 'bulletList',
    title: 'Bullet list',
    keywords: ['ul', 'unordered', 'list'],
    hint: '-',
    apply: (chain) => chain.toggleBulletList(),
    isWanted: (editor) => !editor.isActive('bulletList'),
  }),
  blockItem({
    id: 'orderedList',
    title: 'Numbered list',
    keywords: ['ol', 'ordered', 'list'],
    hint: '1.',
    apply: (chain) => chain.toggleOrderedList(),
    isWanted: (editor) => !editor.isActive('orderedList'),
  }),
  blockItem({
    id: 'taskList',
    title: 'Task list',
    keywords: ['todo', 'checkbox', 'checklist'],
    hint: '- [ ]',
    apply: (chain) => chain.toggleTaskList(),
    isWanted: (editor) => !editor.isActive('taskList'),
  }),
  blockItem({
    id: 'table',
    title: 'Table',
    keywords: ['grid', 'columns'],
    hint: '| |',
    apply: (chain) => chain.insertTable({ rows: 3, cols: 3, withHeaderRow: true }),
    isWanted: (editor) => !editor.isActive('table'),
  }),
  blockItem({
    id: 'codeBlock',
    title: 'Code block',
    keywords: ['pre', 'snippet', 'fence'],
    hint: '```',
    apply: (chain) => chain.setCodeBlock(),
  }),
  blockItem({
    id: 'blockquote',
    title: 'Quote',
    keywords: ['blockquote', 'citation'],
    hint: '>',
    apply: (chain) => chain.setBlockquote(),
  }),
  blockItem({
    id: 'callout',
    title: 'Callout',
    keywords: ['note', 'admonition', 'tip', 'warning'],
    hint: '> [!note]',
    apply: (chain) => chain.wrapIn('callout', { kind: 'note' }),
  }),
  blockItem({
    id: 'horizontalRule',
    title: 'Divider',
    keywords: ['hr', 'rule', 'separator', 'line'],
    hint: '---',
    apply: (chain) => chain.setHorizontalRule(),
  }),
];
