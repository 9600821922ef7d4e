import type { Editor, Range } from '@tiptap/core';

/** One entry of the slash menu: what it is called, the words that find it, and what choosing it does. */
export interface SlashItem {
  /** Stable and unique: it names the option in the DOM (`data-item`) and in tests. */
  readonly id: string;
  readonly title: string;
  /** Other words people type for it (`h1`, `todo`, `hr`); matched like the title's words. */
  readonly keywords: readonly string[];
  /** Shown after the title, dimmed: the Markdown that makes the same block, say. */
  readonly hint?: string;
  /** False where choosing it would do nothing or make what Markdown can't hold (a table in a table). */
  isAvailable(editor: Editor, range: Range): boolean;
  /** Replaces the typed `/query` (`range`) with what the item makes, and leaves the caret in it. */
  run(editor: Editor, range: Range): void;
}

/** How well an item matches: lower is better; `null` is no match. */
function matchRank(item: SlashItem, query: string): number | null {
  if (query === '') return 0;
  const title = item.title.toLowerCase();
  if (title.startsWith(query)) return 0;
  if (title.split(/\s+/).some((word) => word.startsWith(query))) return 1;
  if (item.keywords.some((keyword) => keyword.toLowerCase().startsWith(query))) return 2;
  if (title.replace(/\s+/g, '').includes(query)) return 3;
  return null;
}

/**
 * The items that match what was typed after the slash, best first: the title's start, then a word of the
 * title, then a keyword, then anywhere in the title; ties keep the menu's own order. Case doesn't count.
 * @example matchSlashItems(items, 'tab') // [Table]
 */
export function matchSlashItems(items: readonly SlashItem[], typed: string): SlashItem[] {
  const query = typed.trim().toLowerCase();
  const ranked: { item: SlashItem; rank: number; order: number }[] = [];
  items.forEach((item, order) => {
    const rank = matchRank(item, query);
    if (rank !== null) ranked.push({ item, rank, order });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.order - b.order).map(({ item }) => item);
}
