import { MARKER_PATTERN, markersIn, noteKeyOf } from './writeLedger';

/**
 * The edits the person (in a file) and the assistant (through MCP) make to a note's Markdown: a new
 * paragraph, an amendment right after a paragraph's root marker, or a paragraph deleted. The key heading
 * stays first and is never touched, so every text still names its note.
 */
export type TextChange =
  | { readonly kind: 'insert'; readonly marker: string }
  | { readonly kind: 'amend'; readonly marker: string; readonly root: string }
  | { readonly kind: 'remove'; readonly root: string; readonly paragraph: string };

/** A note's Markdown as blocks (MD2 separates them by one blank line). */
export function blocksOf(markdown: string): string[] {
  return markdown
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean);
}

/** Blocks back to a note's Markdown, as the mirror writes it. */
export function markdownOf(blocks: readonly string[]): string {
  return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`;
}

/** The root marker of a paragraph a writer made (its first word), or null for any other block. */
export function rootOf(block: string): string | null {
  const first = block.split(' ')[0] ?? '';
  return new RegExp(`^${MARKER_PATTERN.source}$`).test(first) ? first : null;
}

/** A note's text as a person starts it: its key heading and a first paragraph. */
export function newNoteText(key: string, marker: string): string {
  return markdownOf([`# ${key}`, marker]);
}

/** Picks a change to `markdown` with `marker` as its new word; `remove` only when a paragraph can go. */
export function pickChange(markdown: string, marker: string, random: () => number): TextChange {
  const roots = blocksOf(markdown)
    .map(rootOf)
    .filter((root) => root !== null);
  const roll = random();
  if (roots.length === 0 || roll < 0.5) return { kind: 'insert', marker };
  const root = roots[Math.floor(random() * roots.length)] as string;
  if (roll < 0.85) return { kind: 'amend', marker, root };
  const paragraph = blocksOf(markdown).find((block) => rootOf(block) === root) as string;
  return { kind: 'remove', root, paragraph };
}

/** `markdown` with `change` made; a new paragraph goes anywhere after the key heading. */
export function applyChange(markdown: string, change: TextChange, random: () => number): string {
  const blocks = blocksOf(markdown);
  if (change.kind === 'insert') {
    const first = noteKeyOf(blocks[0] ?? '') ? 1 : 0;
    blocks.splice(first + Math.floor(random() * (blocks.length - first + 1)), 0, change.marker);
    return markdownOf(blocks);
  }
  if (change.kind === 'amend') {
    return markdownOf(blocks.map((block) => (rootOf(block) === change.root ? amended(block, change) : block)));
  }
  return markdownOf(blocks.filter((block) => rootOf(block) !== change.root));
}

function amended(block: string, change: { marker: string; root: string }): string {
  return block.replace(change.root, `${change.root} ${change.marker}`);
}

/** The marker a change adds, if any. */
export function markerOf(change: TextChange): string | null {
  return change.kind === 'remove' ? null : change.marker;
}

/** The markers of a text, as a set (what a writer read). */
export function readMarkers(markdown: string): Set<string> {
  return new Set(markersIn(markdown));
}
