import { ATTACHMENT_META_ANSWER, ATTACHMENT_TEXT_ANSWER, type Result } from '@baalda/core';
import { API, pathFor } from '@baalda/core/api';
import { z } from 'zod';
import { readAnswer } from '../relayAnswer';
import { callRelay, type RelayCallCode, relaxAnswers } from '../relayApi';

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

/** The file's bytes: shown inline for safe types (ATT6), or always as a download. */
export function attachmentFileUrl(vaultId: string, docId: string, download = false): string {
  return pathFor(API.downloadAttachment, {
    params: { vaultId, docId },
    query: { download: download ? '1' : undefined },
  });
}

/** `PUT` here stores a new file at `path` (ATT2). */
export function attachmentUploadUrl(vaultId: string, docId: string, path: string, createdAt: number): string {
  return pathFor(API.uploadAttachment, { params: { vaultId, docId }, query: { path, createdAt } });
}

/** `GET …/meta`; a file that is gone or hidden is `NOTE_NOT_FOUND`. */
export async function fetchAttachmentMeta(
  vaultId: string,
  docId: string,
): Promise<Result<{ meta: AttachmentMeta }, RelayCallCode>> {
  const answer = await callRelay(DESCRIBE, { params: { vaultId, docId } });
  const read = readAnswer(answer, META_VIEW);
  return read.ok ? { ok: true, meta: read.answer } : read;
}

/** `GET …/text?offset=…&maxChars=…`: one page of the extracted text. */
export async function fetchAttachmentText(
  vaultId: string,
  docId: string,
  offset: number,
): Promise<Result<{ page: AttachmentTextPage }, RelayCallCode>> {
  const query = { offset, maxChars: TEXT_PAGE_CHARS };
  const answer = await callRelay(READ_TEXT, { params: { vaultId, docId }, query });
  const read = readAnswer(answer, TEXT_PAGE_VIEW);
  return read.ok ? { ok: true, page: read.answer } : read;
}

// CT1, read leniently where the panel has a sensible stand-in: a missing reason or count shows as none.
const truncatedFlag = z.unknown().transform((truncated) => truncated === true);
const META_VIEW = ATTACHMENT_META_ANSWER.omit({ sha256: true }).extend({
  extraction: ATTACHMENT_META_ANSWER.shape.extraction.extend({
    reason: z.string().nullable().catch(null),
    chars: z.int().min(0).catch(0),
    truncated: truncatedFlag,
  }),
});
const TEXT_PAGE_VIEW = ATTACHMENT_TEXT_ANSWER.extend({ truncated: truncatedFlag });
const DESCRIBE = relaxAnswers(API.describeAttachment, (declared) =>
  declared.extend({ sha256: z.unknown(), extraction: z.unknown() }),
);
const READ_TEXT = relaxAnswers(API.readAttachmentText, (declared) => declared.extend({ truncated: z.unknown() }));

/** Reads a meta answer defensively; anything that isn't one is undefined. */
export function toAttachmentMeta(value: unknown): AttachmentMeta | undefined {
  const parsed = META_VIEW.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Reads a text page defensively. */
export function toAttachmentTextPage(value: unknown): AttachmentTextPage | undefined {
  const parsed = TEXT_PAGE_VIEW.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
