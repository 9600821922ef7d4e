import { attachmentTypeOf, extensionOf } from '@baalda/core';
import type { AttachmentMeta } from './attachmentApi';

const UNITS = ['KB', 'MB', 'GB'] as const;

/**
 * A size as people read it: bytes below 1 KB, then KB, MB, GB (powers of 1024, as file managers count),
 * with one decimal below 10.
 * @example formatFileSize(1_572_864) // '1.5 MB'
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${UNITS[unit]}`;
}

/** What the relay's reading of the file's text (ATT4) means to the person. */
export function describeExtraction(extraction: AttachmentMeta['extraction']): string {
  switch (extraction.status) {
    case 'pending':
      return 'Reading text…';
    case 'done':
      return extraction.chars === 0
        ? 'No text found in this file.'
        : `Text found: ${formatCount(extraction.chars)} characters${extraction.truncated ? ' (the rest was too long to keep)' : ''}`;
    case 'failed':
      return `No text could be read: ${extraction.reason ?? 'the relay gave no reason.'}`;
    case 'none':
      return 'Files of this type are found by their name only.';
  }
}

/** A number with thousands separators, the same in every locale (so tests and screenshots agree). */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/**
 * The short mark a file carries in the tree and in search: its extension in capitals, at most four
 * letters (`PDF`, `DOCX`, `JPEG`), or `FILE` when it has none or a long one.
 * @example fileBadgeOf('Reports/Q3.pdf') // 'PDF'
 */
export function fileBadgeOf(path: string): string {
  const extension = extensionOf(path).slice(1).toUpperCase();
  return extension !== '' && extension.length <= 4 ? extension : 'FILE';
}

/** How the app can show a file itself (ATT6): only types no script can run in, and never SVG or HTML. */
export type PreviewKind = 'pdf' | 'image' | 'text' | 'none';

export function previewKindOf(path: string): PreviewKind {
  const type = attachmentTypeOf(path);
  if (!type.inline) return 'none';
  if (type.mimeType === 'application/pdf') return 'pdf';
  if (type.mimeType.startsWith('image/')) return 'image';
  return type.format === null ? 'none' : 'text';
}
