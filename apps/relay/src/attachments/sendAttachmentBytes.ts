import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { attachmentTypeOf, fileNameOf } from '@baalda/core';
import { sendError } from '../http/httpErrors';
import type { AttachmentRecord } from './attachmentRecords';
import type { AttachmentService } from './attachmentService';

// ATT6: whatever a file holds, it is never run as a page of the app's origin. PDFs are the exception to the
// sandbox because Chromium refuses to show a PDF in a sandboxed document; its viewer runs no page script.
const SANDBOX = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";

/**
 * ATT6: streams an attachment's bytes (checked against their hash as they go, ATT2) with headers that make
 * it safe to open: its type from its name, `nosniff`, a sandboxing CSP, and `attachment` disposition for
 * every type not safe to show inline. The hash is the ETag, so an unchanged file is not sent again.
 */
export async function sendAttachmentBytes(
  request: IncomingMessage,
  response: ServerResponse,
  attachments: AttachmentService,
  file: { record: AttachmentRecord; path: string; asDownload: boolean },
): Promise<void> {
  const { record, path } = file;
  if ((await attachments.blobSize(record.sha256)) !== record.size)
    return sendError(response, 'ATTACHMENT_DAMAGED', 'The stored file is missing or changed; upload it again.');
  const type = attachmentTypeOf(path);
  const inline = type.inline && !file.asDownload;
  const etag = `"${record.sha256}"`;
  const headers: Record<string, string | number> = {
    'Content-Type': servedTypeOf(type.mimeType, inline),
    'Content-Disposition': `${inline ? 'inline' : 'attachment'}; ${fileNameParameters(fileNameOf(path))}`,
    'X-Content-Type-Options': 'nosniff',
    // Who may read a file can change, so every use asks again; the ETag keeps that cheap.
    'Cache-Control': 'private, no-cache',
    ETag: etag,
  };
  if (type.mimeType !== 'application/pdf') headers['Content-Security-Policy'] = SANDBOX;
  if (request.headers['if-none-match'] === etag) {
    response.writeHead(304, headers);
    response.end();
    return;
  }
  response.writeHead(200, { ...headers, 'Content-Length': record.size });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  // A hash mismatch or read error destroys the response mid-body: the client sees a broken download,
  // never wrong bytes that look whole.
  await pipeline(attachments.readBytes(record), response).catch(() => response.destroy());
}

// Text types are shown as plain text so a browser never renders them as markup.
function servedTypeOf(mimeType: string, inline: boolean): string {
  if (!inline) return mimeType.startsWith('text/') ? 'text/plain; charset=utf-8' : mimeType;
  if (mimeType.startsWith('text/') || mimeType === 'application/json') return 'text/plain; charset=utf-8';
  return mimeType;
}

// RFC 6266: an ASCII fallback plus the exact UTF-8 name.
function fileNameParameters(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
