import type { DiffHunk } from '@baalda/markdown';

/** Unchanged lines kept in view on each side of a change; the rest fold behind an expander. */
export const DIFF_CONTEXT_LINES = 3;

/** One block of the diff as the history shows it. */
export type DiffRow =
  | { readonly kind: 'same' | 'removed' | 'added'; readonly lines: readonly string[] }
  /** Unchanged lines folded away; `key` stays the same for as long as the hunks do. */
  | { readonly kind: 'folded'; readonly key: string; readonly lines: readonly string[] };

/**
 * VD1's hunks laid out for reading: changed lines in full, unchanged runs cut to `context` lines next to each
 * change with the middle folded. A fold hides at least two lines: folding a single line would take as much
 * room as showing it.
 */
export function toDiffRows(hunks: readonly DiffHunk[], context = DIFF_CONTEXT_LINES): DiffRow[] {
  const rows: DiffRow[] = [];
  hunks.forEach((hunk, index) => {
    const lines = hunk.text.split('\n');
    if (hunk.kind !== 'same') {
      rows.push({ kind: hunk.kind, lines });
      return;
    }
    const keepBefore = index > 0 ? context : 0;
    const keepAfter = index < hunks.length - 1 ? context : 0;
    rows.push(...foldUnchanged(lines, keepBefore, keepAfter, `fold-${index}`));
  });
  return rows;
}

// A run of unchanged lines: the first `keepBefore` follow a change above, the last `keepAfter` lead into one below.
function foldUnchanged(lines: readonly string[], keepBefore: number, keepAfter: number, key: string): DiffRow[] {
  if (lines.length - keepBefore - keepAfter < 2) return [{ kind: 'same', lines }];
  const rows: DiffRow[] = [];
  if (keepBefore > 0) rows.push({ kind: 'same', lines: lines.slice(0, keepBefore) });
  rows.push({ kind: 'folded', key, lines: lines.slice(keepBefore, lines.length - keepAfter) });
  if (keepAfter > 0) rows.push({ kind: 'same', lines: lines.slice(lines.length - keepAfter) });
  return rows;
}

/** True when two texts differ at all, i.e. the diff has something besides unchanged lines. */
export function hasChanges(hunks: readonly DiffHunk[]): boolean {
  return hunks.some((hunk) => hunk.kind !== 'same');
}

/** "1 unchanged line", "12 unchanged lines". */
export function describeFold(count: number): string {
  return `${count} unchanged ${count === 1 ? 'line' : 'lines'}`;
}
