import { fail, isValidDocId, type Result } from '@baalda/core';
import { getFromRelay, type RelayCallCode } from '../relayApi';

/** How far the relay got reading an attachment's text (ATT4). */
export type ExtractionStatus = 'pending' | 'done' | 'failed' | 'none';

/** `GET …/attachments/:docId/meta`: what the relay knows of a file. */
export interface AttachmentMeta {
  readonly docId: string;
  readonly path: string;
  readonly mimeType: string;
  readonly size: number;
  readonly inline: boolean;
  readonly extraction: {
    readonly status: ExtractionStatus;
    readonly reason: string | null;
    readonly chars: number;
    readonly truncated: boolean;
  };
}

/** One page of an attachment's extracted text. */
export interface AttachmentTextPage {
  readonly text: string;
  readonly offset: number;
  readonly totalChars: number;
  /** True when more text follows this page. */
  readonly truncated: boolean;
}

/** The extracted text is read in pages of this many characters (the relay's default page). */
export const TEXT_PAGE_CHARS = 20_000;

/** `/api/vaults/:vault/attachments/:docId`, the root of one attachment's routes. */
export function attachmentUrl(vaultId: string, docId: string): string {
  return `/api/vaults/${encodeURIComponent(vaultId)}/attachments/${encodeURIComponent(docId)}`;
}

/** The file's bytes: shown inline for safe types (ATT6), or always as a download. */
export function attachmentFileUrl(vaultId: string, docId: string, download = false): string {
  return download ? `${attachmentUrl(vaultId, docId)}?download=1` : attachmentUrl(vaultId, docId);
}

/** `PUT` here stores a new file at `path` (ATT2). */
export function attachmentUploadUrl(vaultId: string, docId: string, path: string, createdAt: number): string {
  const params = new URLSearchParams({ path, createdAt: String(createdAt) });
  return `${attachmentUrl(vaultId, docId)}?${params}`;
}

/** `GET …/meta`; a file that is gone or hidden is `NOTE_NOT_FOUND`. */
export async function fetchAttachmentMeta(
  vaultId: string,
  docId: string,
): Promise<Result<{ meta: AttachmentMeta }, RelayCallCode>> {
  const answer = await getFromRelay(`${attachmentUrl(vaultId, docId)}/meta`);
  if (!answer.ok) return answer;
  const meta = toAttachmentMeta(answer.body);
  return meta
    ? { ok: true, meta }
    : fail('RESPONSE_INVALID', 'The relay described the file in a form we could not read.');
}

/** `GET …/text?offset=…&maxChars=…`: one page of the extracted text. */
export async function fetchAttachmentText(
  vaultId: string,
  docId: string,
  offset: number,
): Promise<Result<{ page: AttachmentTextPage }, RelayCallCode>> {
  const params = new URLSearchParams({ offset: String(offset), maxChars: String(TEXT_PAGE_CHARS) });
  const answer = await getFromRelay(`${attachmentUrl(vaultId, docId)}/text?${params}`);
  if (!answer.ok) return answer;
  const page = toAttachmentTextPage(answer.body);
  return page
    ? { ok: true, page }
    : fail('RESPONSE_INVALID', 'The relay sent the file’s text in a form we could not read.');
}

const STATUSES: readonly ExtractionStatus[] = ['pending', 'done', 'failed', 'none'];

/** Reads a meta answer defensively; anything that isn't one is undefined. */
export function toAttachmentMeta(value: unknown): AttachmentMeta | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const body = value as Record<string, unknown>;
  const { docId, path, mimeType, size, inline } = body;
  const extraction = body.extraction as Record<string, unknown> | null | undefined;
  if (typeof docId !== 'string' || !isValidDocId(docId) || typeof path !== 'string') return undefined;
  if (typeof mimeType !== 'string' || !isCount(size) || typeof inline !== 'boolean') return undefined;
  const status = STATUSES.find((candidate) => candidate === extraction?.status);
  if (!status || !extraction) return undefined;
  return {
    docId,
    path,
    mimeType,
    size,
    inline,
    extraction: {
      status,
      reason: typeof extraction.reason === 'string' ? extraction.reason : null,
      chars: isCount(extraction.chars) ? extraction.chars : 0,
      truncated: extraction.truncated === true,
    },
  };
}

/** Reads a text page defensively. */
export function toAttachmentTextPage(value: unknown): AttachmentTextPage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { text, offset, totalChars, truncated } = value as Record<string, unknown>;
  if (typeof text !== 'string' || !isCount(offset) || !isCount(totalChars)) return undefined;
  return { text, offset, totalChars, truncated: truncated === true };
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
