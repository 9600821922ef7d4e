import { API, readApiAnswer } from '@baalda/core/api';
import { attachmentUploadUrl } from '../attachments/attachmentApi';
import { responseOf, toRelayFailure } from '../relayApi';
import type { PendingUpload, UploadAnswer } from './uploadTypes';

// A stalled connection must end some time, but a 50 MiB file on a slow line takes minutes: allow 30 s
// plus the time the file takes at 25 KB/s.
const BASE_TIMEOUT_MS = 30_000;
const SLOWEST_BYTES_PER_MS = 25;

/**
 * `PUT /api/vaults/:vault/attachments/:docId?path=…&createdAt=…` with the file's bytes (ATT2). The relay
 * answers 201 (stored) or 200 (this id was stored before: a retry after a lost answer), both with the
 * entry's path, which CN1 may have changed. A 401 also reaches the account gate (see toRelayFailure). The
 * request is made here rather than by the typed client, for the longer timeout and the Blob body.
 */
export async function putAttachment(vaultId: string, upload: PendingUpload): Promise<UploadAnswer> {
  let response: Response;
  try {
    response = await fetch(attachmentUploadUrl(vaultId, upload.docId, upload.path, upload.createdAt), {
      method: 'PUT',
      // The relay decides the type from the name (ATT3); the bytes are only bytes.
      headers: { 'content-type': 'application/octet-stream' },
      body: upload.blob,
      signal: AbortSignal.timeout(Math.ceil(BASE_TIMEOUT_MS + upload.blob.size / SLOWEST_BYTES_PER_MS)),
    });
  } catch {
    return { ok: false, status: 0, code: 'NETWORK_UNAVAILABLE', message: 'The relay could not be reached.' };
  }
  return readStored(await responseOf(response), upload);
}

// The file is stored once the relay says 2xx; an answer we can't read still means that, so the upload is
// done and the next tree fetch shows where it went.
function readStored(response: Awaited<ReturnType<typeof responseOf>>, upload: PendingUpload): UploadAnswer {
  if ('ok' in response) return { ...response, status: 0 };
  const stored = readApiAnswer(API.uploadAttachment, response);
  if (stored.ok)
    return { ok: true, docId: stored.answer.docId, path: stored.answer.path, version: stored.answer.version };
  if (response.status >= 200 && response.status < 300)
    return { ok: true, docId: upload.docId, path: upload.path, version: 0 };
  const failure = toRelayFailure(stored);
  return { ...failure, status: failure.code === 'NETWORK_UNAVAILABLE' ? 0 : response.status };
}
