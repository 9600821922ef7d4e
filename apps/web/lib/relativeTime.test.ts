import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relativeTime';

const now = Date.UTC(2025, 5, 15, 12, 0, 0);
const minutes = (count: number) => now - count * 60_000;

describe('relative update times in the note list', () => {
  it('says "just now" for the last minute, and for clocks slightly ahead', () => {
    expect(formatRelativeTime(now - 30_000, now)).toBe('just now');
    expect(formatRelativeTime(now + 5_000, now)).toBe('just now');
  });

  it('counts minutes, hours and days', () => {
    expect(formatRelativeTime(minutes(5), now)).toBe('5 min ago');
    expect(formatRelativeTime(minutes(180), now)).toBe('3 h ago');
    expect(formatRelativeTime(minutes(60 * 30), now)).toBe('yesterday');
    expect(formatRelativeTime(minutes(60 * 24 * 4), now)).toBe('4 days ago');
  });

  it('falls back to a date after a week, with the year only when it differs', () => {
    expect(formatRelativeTime(Date.UTC(2025, 2, 12, 12), now, 'en-GB')).toBe('12 Mar');
    expect(formatRelativeTime(Date.UTC(2023, 2, 12, 12), now, 'en-GB')).toBe('12 Mar 2023');
  });
});
