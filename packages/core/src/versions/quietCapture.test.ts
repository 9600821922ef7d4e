import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isQuietCaptureDue, quietCaptureDueAt } from './quietCapture';

const MINUTE = 60_000;

describe('quiet capture', () => {
  it('[VC1] a note never edited is never due', () => {
    const state = { lastEditAt: null, lastCapturedEditAt: null };
    expect(quietCaptureDueAt(state)).toBeNull();
    expect(isQuietCaptureDue(state, 10 ** 12)).toBe(false);
  });

  it('[VC1] a capture is due exactly 10 quiet minutes after an edit by default, not a millisecond before', () => {
    const state = { lastEditAt: 5_000, lastCapturedEditAt: null };
    expect(quietCaptureDueAt(state)).toBe(5_000 + 10 * MINUTE);
    expect(isQuietCaptureDue(state, 5_000 + 10 * MINUTE - 1)).toBe(false);
    expect(isQuietCaptureDue(state, 5_000 + 10 * MINUTE)).toBe(true);
    expect(isQuietCaptureDue(state, 5_000 + 60 * MINUTE)).toBe(true);
  });

  it('[VC1] once the last edit is captured, nothing is due until the note changes again', () => {
    const captured = { lastEditAt: 5_000, lastCapturedEditAt: 5_000 };
    expect(quietCaptureDueAt(captured)).toBeNull();
    expect(isQuietCaptureDue(captured, 10 ** 12)).toBe(false);
    const editedAgain = { lastEditAt: 7 * MINUTE, lastCapturedEditAt: 5_000 };
    expect(isQuietCaptureDue(editedAgain, 12 * MINUTE)).toBe(false);
    expect(isQuietCaptureDue(editedAgain, 17 * MINUTE)).toBe(true);
  });

  it('[VC1] the quiet period is a parameter', () => {
    const state = { lastEditAt: 0, lastCapturedEditAt: null };
    expect(quietCaptureDueAt(state, 1_000)).toBe(1_000);
    expect(isQuietCaptureDue(state, 999, 1_000)).toBe(false);
    expect(isQuietCaptureDue(state, 1_000, 1_000)).toBe(true);
  });

  it('[VC1] due exactly when now has reached quietCaptureDueAt', () => {
    const maybeTime = fc.option(fc.integer({ min: 0, max: 10 ** 7 }), { nil: null });
    fc.assert(
      fc.property(
        maybeTime,
        maybeTime,
        fc.integer({ min: 0, max: 2 * 10 ** 7 }),
        fc.integer({ min: 1, max: 10 ** 6 }),
        (lastEditAt, lastCapturedEditAt, now, quietMs) => {
          const state = { lastEditAt, lastCapturedEditAt };
          const dueAt = quietCaptureDueAt(state, quietMs);
          expect(isQuietCaptureDue(state, now, quietMs)).toBe(dueAt !== null && now >= dueAt);
          const expected =
            lastEditAt !== null &&
            now - lastEditAt >= quietMs &&
            (lastCapturedEditAt === null || lastCapturedEditAt < lastEditAt);
          expect(isQuietCaptureDue(state, now, quietMs)).toBe(expected);
        },
      ),
    );
  });
});
