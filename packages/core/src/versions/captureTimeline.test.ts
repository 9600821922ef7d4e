import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shouldCaptureText } from './captureText';
import { isDestructiveEdit } from './destructiveEdit';
import { versionsToPrune } from './pruneVersions';
import { isQuietCaptureDue } from './quietCapture';
import type { VersionReason } from './versionReasons';
import type { VersionSettings } from './versionSettings';

// A relay in miniature: VC1–VC4 decisions from core, a scheduler that looks at the note once a minute.
const MINUTE = 60_000;

interface Capture {
  readonly id: string;
  readonly capturedAt: number;
  readonly text: string;
  readonly reason: VersionReason;
  /** Index of the last edit before the capture (-1: none). */
  readonly afterEdit: number;
}

interface TimedEdit {
  readonly at: number;
  readonly text: string;
}

function createNote(settings: VersionSettings) {
  const note = {
    text: '',
    lastEditAt: null as number | null,
    lastCapturedEditAt: null as number | null,
    edits: 0,
    captures: [] as Capture[],
    stored: [] as Capture[],
    maxStored: 0,
    /** For each tick VC1 found due, the index of the last edit before it (whether or not VC4 skipped it). */
    dueAfterEdit: [] as number[],
  };
  const latestText = (): string | null => note.stored.at(-1)?.text ?? null;
  const capture = (at: number, text: string, reason: VersionReason): void => {
    if (!shouldCaptureText(text, latestText())) return;
    const version = { id: `v${String(note.captures.length).padStart(4, '0')}`, capturedAt: at, text, reason };
    note.captures.push({ ...version, afterEdit: note.edits - 1 });
    note.stored.push({ ...version, afterEdit: note.edits - 1 });
    const pruned = versionsToPrune(note.stored, settings.maxVersions);
    note.stored = note.stored.filter((stored) => !pruned.includes(stored.id));
    note.maxStored = Math.max(note.maxStored, note.stored.length);
  };
  const tick = (now: number): void => {
    if (!isQuietCaptureDue(note, now, settings.quietMs)) return;
    note.dueAfterEdit.push(note.edits - 1);
    capture(now, note.text, 'quiet');
    note.lastCapturedEditAt = note.lastEditAt;
  };
  const edit = (at: number, text: string): void => {
    if (isDestructiveEdit(note.text, text)) capture(at, note.text, 'before-destructive-edit');
    note.text = text;
    note.lastEditAt = at;
    note.edits++;
  };
  return { note, tick, edit };
}

// Runs the edits with a tick every minute in between, and enough ticks after the last for its capture.
function runTimeline(edits: readonly TimedEdit[], settings: VersionSettings) {
  const simulation = createNote(settings);
  let now = 0;
  for (const { at, text } of edits) {
    for (now = (Math.floor(now / MINUTE) + 1) * MINUTE; now < at; now += MINUTE) simulation.tick(now);
    now = at;
    simulation.edit(at, text);
  }
  const end = now + settings.quietMs + MINUTE;
  for (now = (Math.floor(now / MINUTE) + 1) * MINUTE; now <= end; now += MINUTE) simulation.tick(now);
  return simulation;
}

const TEXTS = ['', 'alpha', 'alpha beta', 'L'.repeat(400), `${'L'.repeat(400)} tail`, 'M'.repeat(300)];
const gap = fc.oneof(fc.integer({ min: 1, max: MINUTE }), fc.integer({ min: 1, max: 40 * MINUTE }));
const timeline = fc
  .array(fc.record({ gap, text: fc.constantFrom(...TEXTS) }), { minLength: 1, maxLength: 40 })
  .map((steps) => {
    let at = 0;
    return steps.map(({ gap, text }) => {
      at += gap;
      return { at, text };
    });
  });
const settings = fc.record({
  quietMs: fc.oneof(fc.integer({ min: 1_000, max: 30 * MINUTE }), fc.constant(10 * MINUTE)),
  maxVersions: fc.integer({ min: 1, max: 5 }),
});

function quietGapAfter(edits: readonly TimedEdit[], index: number): number {
  const next = edits[index + 1];
  return next ? next.at - (edits[index] as TimedEdit).at : Number.POSITIVE_INFINITY;
}

describe('version capture over random timelines', () => {
  it('[VC1] a quiet capture comes only after quietMs without edits, at most once per quiet period', () => {
    fc.assert(
      fc.property(timeline, settings, (edits, { quietMs, maxVersions }) => {
        const { note } = runTimeline(edits, { quietMs, maxVersions });
        const quiet = note.captures.filter((capture) => capture.reason === 'quiet');
        for (const capture of quiet) {
          const lastEdit = edits[capture.afterEdit] as TimedEdit;
          expect(capture.capturedAt - lastEdit.at).toBeGreaterThanOrEqual(quietMs);
          expect(quietGapAfter(edits, capture.afterEdit)).toBeGreaterThan(capture.capturedAt - lastEdit.at);
        }
        expect(new Set(note.dueAfterEdit).size).toBe(note.dueAfterEdit.length);
        expect(quiet.every((capture) => note.dueAfterEdit.includes(capture.afterEdit))).toBe(true);
      }),
    );
  });

  it('[VC1, VC4] after a quiet period the newest version holds the text the note had', () => {
    fc.assert(
      fc.property(timeline, settings, (edits, chosen) => {
        const { note } = runTimeline(edits, chosen);
        for (const [index, edit] of edits.entries()) {
          if (quietGapAfter(edits, index) < chosen.quietMs + MINUTE) continue;
          const newest = note.captures.filter((capture) => capture.capturedAt < edit.at + chosen.quietMs + MINUTE);
          expect(newest.at(-1)?.text).toBe(edit.text);
        }
      }),
    );
  });

  it('[VC2] the text from just before a destructive edit is the newest version right after it', () => {
    fc.assert(
      fc.property(timeline, settings, (edits, chosen) => {
        const { note } = runTimeline(edits, chosen);
        for (const [index, edit] of edits.entries()) {
          const before = edits[index - 1]?.text ?? '';
          if (!isDestructiveEdit(before, edit.text)) continue;
          const upToEdit = note.captures.filter((capture) => capture.afterEdit < index);
          expect(upToEdit.at(-1)?.text).toBe(before);
        }
      }),
    );
  });

  it('[VC4] no two versions in a row hold the same text', () => {
    fc.assert(
      fc.property(timeline, settings, (edits, chosen) => {
        const { note } = runTimeline(edits, chosen);
        for (const [index, capture] of note.captures.entries()) {
          if (index > 0) expect(capture.text).not.toBe(note.captures[index - 1]?.text);
        }
      }),
    );
  });

  it('[VC3] a note never holds more than maxVersions, and those kept are the newest', () => {
    fc.assert(
      fc.property(timeline, settings, (edits, chosen) => {
        const { note } = runTimeline(edits, chosen);
        expect(note.maxStored).toBeLessThanOrEqual(chosen.maxVersions);
        expect(note.stored).toEqual(note.captures.slice(-chosen.maxVersions));
      }),
    );
  });

  it('[VC1] a note edited once and left alone for an hour gets exactly one version', () => {
    const { note } = runTimeline([{ at: 30_000, text: 'alpha' }], { quietMs: 10 * MINUTE, maxVersions: 50 });
    expect(note.captures).toMatchObject([{ capturedAt: 11 * MINUTE, text: 'alpha', reason: 'quiet' }]);
  });
});
