import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { docIdFromRandomBytes, LIMITS, type OpOutcome, pathKey } from '@baalda/core';
import { API } from '@baalda/core/api';
import type { RelayClient } from '../relayClient';
import { bearer, createRelayApi } from '../relayHttp';
import type { VaultIndex } from './importNotes';
import type { PlannedFile } from './importPaths';

/** What importing one attachment did to the vault. */
export type AttachmentOutcome = 'new' | 'replaced' | 'unchanged';

/** What importing one attachment did, and the attachment now at its path. */
export interface ImportedAttachment {
  readonly outcome: AttachmentOutcome;
  readonly docId: string;
}

const newId = () => docIdFromRandomBytes(randomBytes(21));

/**
 * XFER8: a file that is not Markdown becomes the attachment at its path. One already there with the same
 * bytes (SHA-256, from its meta) is left alone; one with other bytes is replaced — the new file is uploaded
 * (under a conflict name, CN1), the old one goes to the trash, where it can be restored, and the new one
 * takes its path. Larger than LIM12 is refused before a byte is sent.
 */
export async function importAttachment(
  file: PlannedFile,
  vault: VaultIndex,
  relay: RelayClient,
): Promise<ImportedAttachment> {
  if (file.size > LIMITS.maxAttachmentBytes) {
    const limit = `${LIMITS.maxAttachmentBytes / 1024 / 1024} MiB`;
    throw new Error(`ATTACHMENT_TOO_LARGE: ${file.size} bytes; an attachment may be at most ${limit} (LIM12)`);
  }
  const existing = vault.byKey.get(pathKey(file.path));
  if (existing) vault.claimed.add(existing.docId);
  if (existing && (await storedHashOf(relay, existing.docId)) === (await sha256Of(file.file))) {
    return { outcome: 'unchanged', docId: existing.docId };
  }
  // The bytes go whole (at most LIM12), so the request has a Content-Length and a relay with a smaller
  // limit refuses it before reading the body, with an answer rather than a cut connection (ATT1).
  const uploaded = await relay.uploadAttachment({
    docId: newId(),
    path: file.path,
    createdAt: Date.now(),
    body: await readFile(file.file),
  });
  if (!existing) return { outcome: 'new', docId: uploaded.docId };
  refuseUnless(await relay.apply({ opId: newId(), kind: 'trashNote', docId: existing.docId }), uploaded.path);
  refuseUnless(
    await relay.apply({ opId: newId(), kind: 'moveNote', docId: uploaded.docId, path: file.path }),
    uploaded.path,
  );
  return { outcome: 'replaced', docId: uploaded.docId };
}

function refuseUnless(outcome: OpOutcome, uploadedAt: string): void {
  if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message} (the new file is at ${uploadedAt})`);
}

async function storedHashOf(relay: RelayClient, docId: string): Promise<string> {
  const api = createRelayApi({
    baseUrl: relay.baseUrl,
    headers: bearer(relay.token),
    onUnauthenticated: 'the relay refused the token (unknown, revoked or expired).',
  });
  const meta = await api.call(API.describeAttachment, { params: { vaultId: relay.vaultId, docId } });
  return meta.sha256;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
