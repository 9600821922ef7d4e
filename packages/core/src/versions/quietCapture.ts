import { VERSION_DEFAULTS } from './versionSettings';

/** What VC1 needs to know about one note; times are epoch ms. */
export interface QuietCaptureState {
  /** When the note was last edited; null if it never was. */
  readonly lastEditAt: number | null;
  /**
   * The `lastEditAt` the latest quiet capture covered; null if none did. A capture skipped as a duplicate
   * (VC4) covers it too, or the scheduler would retry it forever.
   */
  readonly lastCapturedEditAt: number | null;
}

/**
 * VC1: when a quiet capture of this note becomes due — `quietMs` after its last edit — or null when that
 * edit was already captured (or there was none), so a scheduler knows how long to wait.
 * @example quietCaptureDueAt({ lastEditAt: 1000, lastCapturedEditAt: null }, 600_000) // 601000
 */
export function quietCaptureDueAt(state: QuietCaptureState, quietMs: number = VERSION_DEFAULTS.quietMs): number | null {
  const { lastEditAt, lastCapturedEditAt } = state;
  if (lastEditAt === null) return null;
  if (lastCapturedEditAt !== null && lastCapturedEditAt >= lastEditAt) return null;
  return lastEditAt + quietMs;
}

/**
 * VC1: true once the note has had no edit for `quietMs` since a change no capture has covered yet.
 * After the capture, it stays false until the note is edited again.
 * @example isQuietCaptureDue({ lastEditAt: 0, lastCapturedEditAt: null }, 600_000) // true
 */
export function isQuietCaptureDue(
  state: QuietCaptureState,
  now: number,
  quietMs: number = VERSION_DEFAULTS.quietMs,
): boolean {
  const dueAt = quietCaptureDueAt(state, quietMs);
  return dueAt !== null && now >= dueAt;
}
