import { describe, expect, it } from 'vitest';
import { describeExtraction, fileBadgeOf, formatFileSize, previewKindOf } from './attachmentLabels';

const extraction = { status: 'done' as const, reason: null, chars: 12_345, truncated: false };

describe('how a file is described', () => {
  it('gives sizes in bytes, KB, MB and GB, with one decimal below 10', () => {
    expect([0, 1, 1023, 1024, 1536, 10_240, 1_572_864, 52_428_800, 5 * 1024 ** 3].map(formatFileSize)).toEqual([
      '0 bytes',
      '1 byte',
      '1023 bytes',
      '1 KB',
      '1.5 KB',
      '10 KB',
      '1.5 MB',
      '50 MB',
      '5 GB',
    ]);
  });

  it('[ATT4] says what reading the text found, is doing, or why it could not', () => {
    expect(describeExtraction(extraction)).toBe('Text found: 12,345 characters');
    expect(describeExtraction({ ...extraction, chars: 5_000_000, truncated: true })).toBe(
      'Text found: 5,000,000 characters (the rest was too long to keep)',
    );
    expect(describeExtraction({ ...extraction, status: 'pending', chars: 0 })).toBe('Reading text…');
    expect(describeExtraction({ ...extraction, status: 'failed', reason: 'The PDF is encrypted.' })).toBe(
      'No text could be read: The PDF is encrypted.',
    );
    expect(describeExtraction({ ...extraction, status: 'none', chars: 0 })).toMatch(/name only/);
  });

  it('[ATT3] marks a file with its extension in capitals, or FILE', () => {
    expect(
      ['Q3.pdf', 'Spec.docx', 'photo.JPEG', 'archive.tar.gz', '.env', 'README', 'data.parquet'].map(fileBadgeOf),
    ).toEqual(['PDF', 'DOCX', 'JPEG', 'GZ', 'FILE', 'FILE', 'FILE']);
  });

  it('[ATT6] previews PDFs, images and text, never SVG, HTML or unknown types', () => {
    expect(
      ['a.pdf', 'b.png', 'c.webp', 'd.csv', 'e.json', 'f.svg', 'g.html', 'h.docx', 'i.zip'].map(previewKindOf),
    ).toEqual(['pdf', 'image', 'image', 'text', 'text', 'none', 'none', 'none', 'none']);
  });
});
