/**
 * VC5: why a version was captured, stored with it and shown in the history. The relay writes only these
 * strings, so the history can label every version and a stored value outside the list is a bug.
 */
export const VERSION_REASONS = [
  'quiet',
  'before-destructive-edit',
  'before-restore',
  'manual',
  'draft-revision',
] as const;

/** One of {@link VERSION_REASONS} (VC5). */
export type VersionReason = (typeof VERSION_REASONS)[number];

/**
 * VC5: true when `value` is a stored reason the history knows how to label.
 * @example isVersionReason('quiet') // true
 */
export function isVersionReason(value: unknown): value is VersionReason {
  return typeof value === 'string' && (VERSION_REASONS as readonly string[]).includes(value);
}
