import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  attachmentTypeOf,
  RELAY_ERRORS,
  type RelayErrorCode,
  type VaultOp,
  validateAttachmentPath,
} from '@baalda/core';
import type { VaultGuard } from '../access/vaultGuard';
import type { PrismaClient } from '../generated/prisma/client';
import type { VaultService } from '../vault/vaultService';
import { AttachmentRecords } from './attachmentRecords';
import type { BlobStore } from './blobStore';
import type { TextExtractor } from './extraction';
import { ExtractionQueue, type IndexTextWriter } from './extractionQueue';

/** What an upload asks (ATT1, ATT2): the bytes come from `body`, streamed. */
export interface UploadRequest {
  readonly vaultId: string;
  readonly docId: string;
  readonly path: string;
  readonly createdAt: number;
  readonly body: IncomingMessage;
  /** Content-Length when the client sent one: refused before a byte is read when over the limit. */
  readonly declaredBytes: number | null;
  readonly guard: VaultGuard;
  readonly now: Date;
}

export type UploadAnswer =
  | {
      readonly ok: true;
      /** 201 for a new attachment, 200 for a repeated upload of one already stored (OP3). */
      readonly created: boolean;
      readonly docId: string;
      readonly path: string;
      readonly renamedFrom?: string;
      readonly version: number;
    }
  | { readonly ok: false; readonly code: RelayErrorCode; readonly message: string; readonly rule?: string };

export interface AttachmentServiceOptions {
  readonly prisma: PrismaClient;
  readonly blobs: BlobStore;
  readonly extractor: TextExtractor;
  readonly vaults: VaultService;
  readonly index: IndexTextWriter;
  readonly clock: () => Date;
  /** LIM12 (ATT1). */
  readonly maxBytes: number;
  readonly onExtractionFailed?: (docId: string, reason: string) => void;
}

/** What an earlier upload under the same id left: where its entry is now, and its bytes' hash. */
interface EarlierUpload {
  readonly path: string;
  readonly sha256: string;
}

// An upload older than this with no tree entry was cut off by a crash (ATT2); its bytes are swept.
const ORPHAN_AFTER_MS = 60 * 60 * 1000;

/**
 * ATT1–ATT9: takes uploads (bytes to disk, then a tree entry through the same ops and guard as every other
 * change), reads their text off the main process (ExtractionQueue) and puts it in the attachment's one
 * search row.
 */
export class AttachmentService {
  readonly records: AttachmentRecords;
  private readonly extractions: ExtractionQueue;

  constructor(private readonly options: AttachmentServiceOptions) {
    this.records = new AttachmentRecords(options.prisma);
    this.extractions = new ExtractionQueue({ ...options, records: this.records });
  }

  /** Resumes text reads a restart interrupted and clears what a crash left half-done. */
  async start(): Promise<void> {
    await this.options.blobs.open();
    await this.records.removeOrphans(new Date(this.options.clock().getTime() - ORPHAN_AFTER_MS));
    for (const docId of await this.records.pendingIds()) this.extractions.enqueue(docId);
  }

  async upload(request: UploadRequest): Promise<UploadAnswer> {
    const checked = validateAttachmentPath(request.path);
    if (!checked.ok) return { ok: false, code: 'PATH_INVALID', message: checked.message, rule: checked.rule };
    if (!request.guard.mayWriteVault || !request.guard.canWrite(checked.path))
      return { ok: false, code: 'FORBIDDEN', message: 'You may not add files here.' };
    const earlier = await this.earlierUploadOf(request);
    if (earlier === 'unavailable') return unavailable();
    if (request.declaredBytes !== null && request.declaredBytes > this.options.maxBytes) return this.tooLarge();
    const received = await this.options.blobs.receive(request.body, this.options.maxBytes);
    if (!received.ok) return received.code === 'TOO_LARGE' ? this.tooLarge() : incomplete(received.message);
    if (earlier) return received.sha256 === earlier.sha256 ? this.replayed(request, earlier.path) : unavailable();
    const type = attachmentTypeOf(checked.path);
    const row = { docId: request.docId, vaultId: request.vaultId, ...received, ...type };
    const inserted = await this.records.create(row, request.now);
    const answer = await this.createEntry(request, checked.path);
    if (!answer.ok && inserted) await this.records.remove(request.docId);
    if (answer.ok && inserted && type.format !== null) this.extractions.enqueue(request.docId);
    return answer;
  }

  /** The stored size of some bytes, or null when they are missing (ATT2). */
  blobSize(sha256: string): Promise<number | null> {
    return this.options.blobs.sizeOf(sha256);
  }

  /** The bytes, checked against their hash as they stream (ATT2). */
  readBytes(blob: { sha256: string; size: number }) {
    return this.options.blobs.read(blob);
  }

  /** Resolves once every queued text read has finished (tests, shutdown). */
  settled(): Promise<void> {
    return this.extractions.settled();
  }

  /** ATT9: removes bytes no attachment has any more. */
  sweep(graceMs = ORPHAN_AFTER_MS): Promise<number> {
    return this.options.blobs.sweep((sha) => this.records.isReferenced(sha), graceMs, this.options.clock().getTime());
  }

  async close(): Promise<void> {
    this.extractions.stop();
    await this.options.extractor.close();
  }

  /**
   * OP3, ATT2: the upload this one repeats (its answer was lost), null for a new one. An id alone proves
   * nothing — ids are in note URLs and exported files — so only someone who may read the entry repeats an
   * upload, and only with the same bytes (compared once they arrived). Any other use of a taken id answers
   * exactly as an id from another vault or deleted for good: had it named the entry, an id would tell its
   * path to anyone who may write anywhere, and follow it through every rename (ACL4).
   */
  private async earlierUploadOf(request: UploadRequest): Promise<EarlierUpload | 'unavailable' | null> {
    const note = await this.options.prisma.note.findUnique({ where: { docId: request.docId } });
    const record = await this.records.find(request.docId);
    if (!note) {
      // A sync document under this id (possible before a note's create op arrives) would put its text in
      // the attachment's search row: an attachment takes only an id nothing else has used (ATT7).
      if (await this.options.prisma.noteDocument.findUnique({ where: { docId: request.docId } })) return 'unavailable';
      // Bytes recorded by an upload that never got its tree entry (refused, or cut off): start over.
      if (record) await this.records.remove(request.docId);
      return null;
    }
    const repeatable = record && note.vaultId === request.vaultId && request.guard.canRead(note.path);
    return repeatable ? { path: note.path, sha256: record.sha256 } : 'unavailable';
  }

  // OP3: a repeated upload answers like the first time, with the entry where it is now, and stores nothing.
  private async replayed(request: UploadRequest, path: string): Promise<UploadAnswer> {
    const vault = await this.options.prisma.vault.findUnique({ where: { id: request.vaultId } });
    return { ok: true, created: false, docId: request.docId, path, version: Number(vault?.treeVersion ?? 0) };
  }

  private async createEntry(request: UploadRequest, path: string): Promise<UploadAnswer> {
    const op: VaultOp = {
      // A fresh op id per upload: one made from the docId alone replayed the first upload's stored outcome
      // (OP3) — its path — to anyone uploading under that id after it was purged. A repeat of an upload is
      // recognised by its entry and bytes instead (earlierUploadOf).
      opId: `upload_${request.docId}_${randomBytes(12).toString('base64url')}`,
      kind: 'createAttachment',
      docId: request.docId,
      path,
      createdAt: request.createdAt,
    };
    const { version, results } = await this.options.vaults.applyOps(request.vaultId, [op], request.now, request.guard);
    const outcome = results[0];
    if (!outcome) return { ok: false, code: 'INTERNAL_ERROR', message: 'The relay applied no op.' };
    if (!outcome.ok) return refusalOf(outcome);
    return {
      ok: true,
      created: true,
      docId: request.docId,
      path: outcome.path ?? path,
      ...(outcome.renamedFrom ? { renamedFrom: outcome.renamedFrom } : {}),
      version,
    };
  }

  private tooLarge(): UploadAnswer {
    return {
      ok: false,
      code: 'ATTACHMENT_TOO_LARGE',
      message: `ATT1: A file may be at most ${sizeLabel(this.options.maxBytes)}; nothing was stored.`,
    };
  }
}

function refusalOf(outcome: { code: string; message: string; rule?: string }): UploadAnswer {
  switch (outcome.code) {
    case 'PATH_INVALID':
      return { ok: false, code: 'PATH_INVALID', message: outcome.message, rule: outcome.rule };
    case 'FORBIDDEN':
      return { ok: false, code: 'FORBIDDEN', message: outcome.message };
    case 'DOC_ID_RETIRED':
    case 'DOC_ID_UNAVAILABLE':
      return unavailable();
    default:
      return { ok: false, code: 'REQUEST_INVALID', message: outcome.message };
  }
}

// "50 MB" for the usual limits, exact bytes below a megabyte (a relay configured for tests).
function sizeLabel(bytes: number): string {
  const megabytes = bytes / 1024 / 1024;
  return megabytes >= 1 ? `${Math.round(megabytes * 10) / 10} MB` : `${bytes} bytes`;
}

// One answer for every id the caller can't use: hidden here, in another vault, deleted for good (ACL4).
function unavailable(): UploadAnswer {
  return { ok: false, code: 'DOC_ID_UNAVAILABLE', message: RELAY_ERRORS.DOC_ID_UNAVAILABLE };
}

function incomplete(message: string): UploadAnswer {
  return { ok: false, code: 'UPLOAD_INCOMPLETE', message };
}
