import { describe, expect, it } from 'vitest';
import { attachmentFileUrl, attachmentUploadUrl, toAttachmentMeta, toAttachmentTextPage } from './attachmentApi';

const scan = 'alice_scan_00000000001';
const meta = {
  docId: scan,
  path: 'Work/Scan.pdf',
  mimeType: 'application/pdf',
  size: 52_000,
  sha256: 'ab'.repeat(32),
  inline: true,
  extraction: { status: 'done', reason: null, chars: 120, truncated: false },
};

describe('the relay’s attachment answers', () => {
  it('[ATT1] addresses a file and its upload, with the path and creation time in the query', () => {
    expect(attachmentFileUrl('team docs', scan)).toBe(`/api/vaults/team%20docs/attachments/${scan}`);
    expect(attachmentFileUrl('default', scan, true)).toBe(`/api/vaults/default/attachments/${scan}?download=1`);
    expect(attachmentUploadUrl('default', scan, 'Work/Q3 & Q4.pdf', 1_790_000_000_000)).toBe(
      `/api/vaults/default/attachments/${scan}?path=Work%2FQ3%20%26%20Q4.pdf&createdAt=1790000000000`,
    );
  });

  it('reads a file’s description defensively', () => {
    expect(toAttachmentMeta(meta)).toEqual({
      docId: scan,
      path: 'Work/Scan.pdf',
      mimeType: 'application/pdf',
      size: 52_000,
      inline: true,
      extraction: { status: 'done', reason: null, chars: 120, truncated: false },
    });
    expect(toAttachmentMeta({ ...meta, extraction: { status: 'later' } })).toBeUndefined();
    expect(toAttachmentMeta({ ...meta, size: -1 })).toBeUndefined();
    expect(toAttachmentMeta({ ...meta, docId: '../x' })).toBeUndefined();
    expect(toAttachmentMeta(null)).toBeUndefined();
  });

  it('reads a page of text defensively', () => {
    expect(toAttachmentTextPage({ text: 'Q3', offset: 0, totalChars: 2, truncated: false })).toEqual({
      text: 'Q3',
      offset: 0,
      totalChars: 2,
      truncated: false,
    });
    expect(toAttachmentTextPage({ text: 3, offset: 0, totalChars: 2 })).toBeUndefined();
  });
});
