import type { ServerResponse } from 'node:http';
import { attachmentTypeOf, entryKindOf, isValidDocId, pageText } from '@baalda/core';
import { API } from '@baalda/core/api';
import { requireVault } from '../access/requestAuth';
import { guardOf, type VaultGuard } from '../access/vaultGuard';
import { sendError, sendJson } from '../http/httpErrors';
import type { Route, RouteCall, RouteContext } from '../routing/callerRoutes';
import { serve } from '../routing/declaredRoutes';
import type { AttachmentService } from './attachmentService';
import { sendAttachmentBytes } from './sendAttachmentBytes';

/** What the attachment routes need beyond the basics. */
export interface AttachmentRouteContext extends RouteContext {
  readonly attachments: AttachmentService;
}

type Call = RouteCall<AttachmentRouteContext>;
// ATT7: the text route's pages; the same bounds as MCP's read_attachment_text.
const DEFAULT_PAGE_CHARS = 20_000;
const MAX_PAGE_CHARS = 100_000;

/** ATT1–ATT6: upload, download, what is known of a file, and its extracted text (docs/ACCESS-API.md). */
export const ATTACHMENT_ROUTES: readonly Route<AttachmentRouteContext>[] = [
  ...serve(API.uploadAttachment, upload),
  ...serve(API.downloadAttachment, download),
  ...serve(API.describeAttachment, describe),
  ...serve(API.readAttachmentText, readText),
];

async function upload(call: Call): Promise<void> {
  const { request, response, context, now } = call;
  const target = await targetOf(call);
  if (!target) return;
  const query = queryOf(request.url);
  const createdAt = Number(query.get('createdAt') ?? now.getTime());
  if (!Number.isSafeInteger(createdAt) || createdAt < Date.UTC(2020, 0, 1) || createdAt > now.getTime() + 86_400_000)
    return refuseBody(response, 'REQUEST_INVALID', 'createdAt must be ms since 1970, from 2020 to one day ahead.');
  const path = query.get('path');
  if (!path) return refuseBody(response, 'REQUEST_INVALID', 'Say where the file goes: ?path=Folder/name.pdf');
  const declared = request.headers['content-length'];
  const answer = await context.attachments.upload({
    vaultId: target.vaultId,
    docId: target.docId,
    path,
    createdAt,
    body: request,
    declaredBytes: declared === undefined ? null : Number(declared),
    guard: target.guard,
    now,
  });
  if (!answer.ok) {
    if (answer.rule)
      return refuseBodyWith(response, 400, { code: answer.code, message: answer.message, rule: answer.rule });
    return refuseBody(response, answer.code, answer.message);
  }
  const { ok: _, created, ...body } = answer;
  sendJson(response, created ? 201 : 200, body);
}

async function download(call: Call): Promise<void> {
  const found = await readableAttachment(call);
  if (!found) return;
  const wantsFile = queryOf(call.request.url).get('download') === '1';
  await sendAttachmentBytes(call.request, call.response, call.context.attachments, {
    ...found,
    asDownload: wantsFile,
  });
}

async function describe(call: Call): Promise<void> {
  const found = await readableAttachment(call);
  if (!found) return;
  const { record, path } = found;
  sendJson(call.response, 200, {
    docId: record.docId,
    path,
    mimeType: record.mimeType,
    size: record.size,
    sha256: record.sha256,
    inline: attachmentTypeOf(path).inline,
    extraction: {
      status: record.extractionStatus,
      reason: record.extractionReason,
      chars: record.textChars,
      truncated: record.textTruncated,
    },
  });
}

async function readText(call: Call): Promise<void> {
  const found = await readableAttachment(call);
  if (!found) return;
  const query = queryOf(call.request.url);
  const offset = Number(query.get('offset') ?? 0);
  const maxChars = Number(query.get('maxChars') ?? DEFAULT_PAGE_CHARS);
  if (
    !Number.isSafeInteger(offset) ||
    offset < 0 ||
    !Number.isSafeInteger(maxChars) ||
    maxChars < 1 ||
    maxChars > MAX_PAGE_CHARS
  )
    return sendError(call.response, 'REQUEST_INVALID', `offset must be 0 or more and maxChars 1–${MAX_PAGE_CHARS}.`);
  const page = pageText(await call.context.attachments.records.text(found.record.docId), offset, maxChars);
  if (!page.ok) return sendError(call.response, 'REQUEST_INVALID', page.message);
  const { ok: _, ...body } = page;
  sendJson(call.response, 200, body);
}

interface Target {
  readonly vaultId: string;
  readonly docId: string;
  readonly guard: VaultGuard;
}

async function targetOf({ response, context, caller, params, now }: Call): Promise<Target | null> {
  const [vaultId = '', docId = ''] = params;
  const vault = await requireVault(response, context.access, caller, vaultId, now);
  if (!vault) return null;
  if (!isValidDocId(docId)) {
    sendError(response, 'REQUEST_INVALID', 'An attachment id is 16–64 characters of A–Z, a–z, 0–9, "_" or "-".');
    return null;
  }
  return { vaultId, docId, guard: guardOf(vault, now) };
}

// ACL4: an attachment the caller can't read is NOTE_NOT_FOUND, the same answer as one that does not exist.
async function readableAttachment(call: Call) {
  const target = await targetOf(call);
  if (!target) return null;
  const note = await call.context.access.prisma.note.findUnique({ where: { docId: target.docId } });
  const record = await call.context.attachments.records.find(target.docId);
  const visible =
    note &&
    record &&
    note.vaultId === target.vaultId &&
    entryKindOf(note.path) === 'attachment' &&
    target.guard.canRead(note.path);
  if (!visible) {
    sendError(call.response, 'NOTE_NOT_FOUND', 'No attachment has that id in this vault.');
    return null;
  }
  return { record, path: note.path };
}

function queryOf(url: string | undefined): URLSearchParams {
  return new URL(url ?? '/', 'http://relay.invalid').searchParams;
}

// The body of a refused upload is never read: closing the connection keeps a keep-alive client from
// sending its next request into the unread bytes.
function refuseBody(response: ServerResponse, code: Parameters<typeof sendError>[1], message: string): void {
  response.setHeader('Connection', 'close');
  sendError(response, code, message);
}

function refuseBodyWith(response: ServerResponse, status: number, error: Record<string, string>): void {
  response.setHeader('Connection', 'close');
  sendJson(response, status, { error });
}
