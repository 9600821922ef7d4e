/**
 * VC4: a text is captured only if it differs from the note's latest version (null when it has none), so
 * the history never holds the same text twice in a row, whatever the reason for the capture.
 * @example shouldCaptureText('draft', 'draft') // false
 */
export function shouldCaptureText(candidateText: string, latestVersionText: string | null): boolean {
  return latestVersionText === null || candidateText !== latestVersionText;
}

/** What to do before a restore (VC6). */
export interface RestorePlan {
  /** True when the current text must be captured first, with reason `'before-restore'`. */
  readonly captureFirst: boolean;
  readonly reason: 'before-restore';
}

/**
 * VC6: restoring a version first captures the current text ('before-restore', subject to VC4), so a
 * restore can itself be undone; then the version's text is applied as a new edit.
 * @example planRestore('now', 'earlier') // { captureFirst: true, reason: 'before-restore' }
 */
export function planRestore(currentText: string, latestVersionText: string | null): RestorePlan {
  return { captureFirst: shouldCaptureText(currentText, latestVersionText), reason: 'before-restore' };
}
