import { describe, expect, it } from 'vitest';
import { attachmentTypeOf, extractableExtensions } from './attachmentTypes';

describe('attachment types', () => {
  it('[ATT3] the type comes from the extension, in any case, and unknown files are plain bytes', () => {
    expect(attachmentTypeOf('Reports/Q3.PDF')).toEqual({ mimeType: 'application/pdf', format: 'pdf', inline: true });
    expect(attachmentTypeOf('Spec.docx').format).toBe('docx');
    expect(attachmentTypeOf('data.tsv')).toMatchObject({ mimeType: 'text/tab-separated-values', format: 'csv' });
    expect(attachmentTypeOf('archive.tar.gz')).toEqual({
      mimeType: 'application/octet-stream',
      format: null,
      inline: false,
    });
    expect(attachmentTypeOf('.env').format).toBeNull();
  });

  it('[ATT3, ATT6] HTML and SVG are never shown inside the app, only downloaded', () => {
    expect(attachmentTypeOf('page.html').inline).toBe(false);
    expect(attachmentTypeOf('drawing.svg').inline).toBe(false);
    expect(attachmentTypeOf('photo.png').inline).toBe(true);
  });

  it('[ATT4] text is read from plain text, Markdown, CSV, JSON, HTML, PDF and DOCX', () => {
    expect(extractableExtensions()).toEqual(
      expect.arrayContaining(['.txt', '.markdown', '.csv', '.json', '.html', '.pdf', '.docx']),
    );
    expect(extractableExtensions()).not.toContain('.png');
  });
});
