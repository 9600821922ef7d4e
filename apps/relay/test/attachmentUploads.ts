import { randomBytes } from 'node:crypto';

/** A fresh attachment id, made like the web app makes note ids. */
export function newAttachmentId(): string {
  return randomBytes(16).toString('base64url');
}

/** `PUT`s a file as an attachment with `token` (or a session `cookie`); the raw answer. */
export function uploadAttachment(
  relay: { httpUrl: string },
  credentials: { token?: string; cookie?: string },
  file: { docId?: string; path: string; body: RequestInit['body']; createdAt?: number; vaultId?: string },
): Promise<Response> {
  const query = new URLSearchParams({ path: file.path, createdAt: String(file.createdAt ?? Date.now()) });
  const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
  if (credentials.token) headers.authorization = `Bearer ${credentials.token}`;
  if (credentials.cookie) headers.cookie = credentials.cookie;
  const url = `${relay.httpUrl}/api/vaults/${file.vaultId ?? 'default'}/attachments/${file.docId ?? newAttachmentId()}?${query}`;
  const streamed = file.body instanceof ReadableStream;
  return fetch(url, {
    method: 'PUT',
    headers,
    body: file.body,
    ...(streamed ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/** A stream of `bytes` zero bytes in 1 MiB chunks, sent without a Content-Length (chunked). */
export function zeroStream(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(1024 * 1024);
  let left = bytes;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      const size = Math.min(left, chunk.length);
      controller.enqueue(chunk.subarray(0, size));
      left -= size;
    },
  });
}
