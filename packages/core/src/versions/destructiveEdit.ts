/** VC2 thresholds: an edit is destructive when it removes at least 200 code points and keeps under half. */
export const DESTRUCTIVE_EDIT = { minRemoved: 200, keptShareBelow: 0.5 } as const;

/** How much of a text an edit kept and removed, in Unicode code points (VC2). */
export interface EditMeasure {
  /** Code points in the text before the edit. */
  readonly beforeLength: number;
  /** Code points of the longest common prefix plus the longest common suffix, never overlapping. */
  readonly kept: number;
  /** `beforeLength - kept`: never less than what the edit truly removed. */
  readonly removed: number;
}

/**
 * VC2: measures an edit by its common prefix and suffix. O(n), and since prefix + suffix is a common
 * subsequence, `kept` is at most the longest one: removal is never under-counted.
 * @example measureEdit('abcdef', 'abXef') // { beforeLength: 6, kept: 4, removed: 2 }
 */
export function measureEdit(before: string, after: string): EditMeasure {
  const a = Array.from(before);
  const b = Array.from(after);
  const shorter = Math.min(a.length, b.length);
  let prefix = 0;
  while (prefix < shorter && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < shorter - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  const kept = prefix + suffix;
  return { beforeLength: a.length, kept, removed: a.length - kept };
}

/**
 * VC2: true when the edit from `before` to `after` keeps less than half of `before` and removes at least
 * 200 code points; the text from just before such an edit is captured at once ('before-destructive-edit').
 * @example isDestructiveEdit('x'.repeat(300), '') // true
 */
export function isDestructiveEdit(before: string, after: string): boolean {
  const { beforeLength, kept, removed } = measureEdit(before, after);
  return kept < beforeLength * DESTRUCTIVE_EDIT.keptShareBelow && removed >= DESTRUCTIVE_EDIT.minRemoved;
}
