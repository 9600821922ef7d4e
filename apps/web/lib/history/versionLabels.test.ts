import { VERSION_REASONS } from '@baalda/core';
import { describe, expect, it } from 'vitest';
import { describeLength, describeNotice, describeReason, formatExactTime, formatShortTime } from './versionLabels';

const now = Date.UTC(2026, 2, 12, 15, 0, 0);

describe('how the history describes a version', () => {
  it('[VC5] names every reason in plain words, and an unknown one neutrally', () => {
    expect(VERSION_REASONS.map(describeReason)).toEqual([
      'After a pause in editing',
      'Before a large deletion',
      'Before a restore',
      'Saved by hand',
      'An assistant’s earlier draft',
    ]);
    expect(describeReason('imported')).toBe('Saved');
  });

  it('counts characters', () => {
    expect(describeLength(1, 'en')).toBe('1 character');
    expect(describeLength(1204, 'en')).toBe('1,204 characters');
    expect(describeLength(0, 'en')).toBe('0 characters');
  });

  it('shows the time alone today and the date on other days; the tooltip is exact to the second', () => {
    const today = Date.UTC(2026, 2, 12, 14, 3, 22);
    const earlier = Date.UTC(2026, 2, 1, 9, 30, 0);
    // Day boundaries are the browser's, so these compare with the same formatter in the test's time zone.
    const sameDay = new Date(today).toDateString() === new Date(now).toDateString();
    expect(formatShortTime(today, now, 'en-GB')).toBe(
      new Intl.DateTimeFormat(
        'en-GB',
        sameDay ? { timeStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' },
      ).format(today),
    );
    expect(formatShortTime(earlier, now, 'en-GB')).toContain('2026');
    expect(formatExactTime(today, 'en-GB')).toMatch(/\d{2}:\d{2}:\d{2}/);
  });

  it('[VC6] says what a restore did, and passes an error’s message through', () => {
    const restored = describeNotice({ kind: 'restored', capturedAt: Number.NaN, keptCurrent: true }, now);
    expect(restored).toBe('Restored the version. The text it replaced was kept as a version.');
    const withTime = describeNotice({ kind: 'restored', capturedAt: now, keptCurrent: false }, now, 'en-GB');
    expect(withTime).toBe(`Restored the version from ${formatShortTime(now, now, 'en-GB')}.`);
    expect(describeNotice({ kind: 'failed', message: 'No version has that id.' }, now)).toBe('No version has that id.');
    expect(describeNotice({ kind: 'unchanged' }, now)).toContain('Nothing changed');
  });
});
