import { isVersionReason, type VersionReason } from '@baalda/core';
import type { HistoryNotice } from './versionHistory';

// VC5 in plain words: why this version exists, as a person would say it.
const REASON_LABELS: Record<VersionReason, string> = {
  quiet: 'After a pause in editing',
  'before-destructive-edit': 'Before a large deletion',
  'before-restore': 'Before a restore',
  manual: 'Saved by hand',
  'draft-revision': 'An assistant’s earlier draft',
};

/** What the history says about why a version was taken; a reason this build doesn't know gets a neutral word. */
export function describeReason(reason: string): string {
  return isVersionReason(reason) ? REASON_LABELS[reason] : 'Saved';
}

/** "1 character", "1,204 characters". */
export function describeLength(length: number, locale?: string): string {
  const count = new Intl.NumberFormat(locale).format(length);
  return `${count} ${length === 1 ? 'character' : 'characters'}`;
}

/** The exact moment, seconds included, for a `title` tooltip and for telling apart versions a minute apart. */
export function formatExactTime(at: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'medium' }).format(at);
}

/**
 * The short clock time shown next to "5 min ago": the time alone today, with the date on other days.
 * Seconds are shown because a restore and the version before it are often taken within the same minute.
 */
export function formatShortTime(at: number, now: number, locale?: string): string {
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString();
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { timeStyle: 'medium' }
    : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat(locale, options).format(at);
}

/** The short status line after an action (a restore, a save) or its failure. */
export function describeNotice(notice: HistoryNotice, now: number, locale?: string): string {
  switch (notice.kind) {
    case 'restored': {
      const from = Number.isFinite(notice.capturedAt) ? ` from ${formatShortTime(notice.capturedAt, now, locale)}` : '';
      const kept = notice.keptCurrent ? ' The text it replaced was kept as a version.' : '';
      return `Restored the version${from}.${kept}`;
    }
    case 'saved':
      return 'Saved a version of the note as it is now.';
    case 'unchanged':
      return 'Nothing changed since the last version, so no new one was saved.';
    case 'failed':
      return notice.message;
  }
}
