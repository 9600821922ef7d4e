import { fileNameOf, LIMITS } from '@baalda/core';
import { createSerialQueue } from '../taskQueue';
import { classifyUploadFailure, MAX_ANSWERED_ATTEMPTS, MAX_PARALLEL_UPLOADS, retryDelayMs } from './uploadPolicy';
import type { StoredUpload, UploadStorage } from './uploadStorage';
import {
  type EnqueueResult,
  INITIAL_UPLOAD_STATE,
  type PendingUpload,
  type UploadAnswer,
  type UploadFailure,
  type UploadQueue,
  type UploadQueueState,
  type UploadRequest,
} from './uploadTypes';

/** What the queue needs from the outside world; tests pass fakes. */
export interface UploadQueueDeps {
  readonly storage: UploadStorage;
  send(upload: PendingUpload): Promise<UploadAnswer>;
  /** The relay has the file: fetch the tree. The file's row stays until this settles, so it never blinks out. */
  onUploaded(answer: Extract<UploadAnswer, { ok: true }>): Promise<void>;
  now(): number;
  /** Calls `callback` after `delayMs`; returns a function that cancels it. */
  schedule(callback: () => void, delayMs: number): () => void;
  /** LIM14 unless a test says otherwise. */
  readonly maxPending?: number;
  /**
   * False when the device knows it is offline (`navigator.onLine`): nothing is tried until the next wake.
   * True is only a hope (a captive portal says online too), which the backoff covers.
   */
  isOnline?(): boolean;
}

/**
 * ATT8: files are stored here first (IndexedDB, with their bytes), then sent oldest first, at most two at
 * a time. A failure the relay may get over (offline, 5xx, 429) keeps the file queued and backs off; a
 * refusal (4xx) marks it failed with the relay's words until the person retries or discards it; a lost
 * session pauses everything until the relay is back. A sent file leaves the queue once the tree is fetched.
 */
export function createUploadQueue(deps: UploadQueueDeps): UploadQueue {
  return new LocalUploadQueue(deps);
}

class LocalUploadQueue implements UploadQueue {
  private uploads: readonly PendingUpload[] = [];
  private state = INITIAL_UPLOAD_STATE;
  private ready = false;
  private stopped = false;
  // A 401 stops sending until something says the relay (and a session) may be back: see wake().
  private paused = false;
  private failuresInRow = 0;
  private sendAfter = 0;
  private cancelTimer: (() => void) | null = null;
  private readonly inFlight = new Set<string>();
  private readonly answeredFailures = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  // Queueing, retrying and discarding run one at a time, so the count checked against LIM14 stays true.
  private readonly serial = createSerialQueue();
  private readonly deps: UploadQueueDeps;

  constructor(deps: UploadQueueDeps) {
    this.deps = deps;
  }

  start(): Promise<void> {
    return this.serial(async () => {
      this.uploads = ((await this.readStored()) ?? []).map(pendingOf);
      this.ready = true;
      this.publish();
    });
  }

  async reload(): Promise<void> {
    await this.serial(async () => {
      const stored = await this.readStored();
      if (!stored || !this.ready) return;
      const storedIds = new Set(stored.map((upload) => upload.docId));
      const knownIds = new Set(this.uploads.map((upload) => upload.docId));
      // One on its way here is no longer stored once sent; it leaves when its tree fetch is done.
      const kept = this.uploads.filter((upload) => upload.state === 'uploading' || storedIds.has(upload.docId));
      const added = stored.filter((upload) => !knownIds.has(upload.docId)).map(pendingOf);
      if (added.length === 0 && kept.length === this.uploads.length) return;
      this.uploads = [...kept, ...added].sort((a, b) => a.order - b.order);
      this.publish();
    });
    this.pump();
  }

  readonly getState = (): UploadQueueState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  enqueue(requests: readonly UploadRequest[]): Promise<EnqueueResult> {
    return this.serial(async () => {
      const queued: string[] = [];
      const refused: { path: string; message: string }[] = [];
      const limit = this.deps.maxPending ?? LIMITS.maxPendingUploads;
      for (const request of requests) {
        const problem = this.uploads.length >= limit ? tooManyMessage(request.path, limit) : await this.store(request);
        if (problem === null) queued.push(request.docId);
        else refused.push({ path: request.path, message: problem });
      }
      this.publish();
      this.pump();
      return { queued, refused };
    });
  }

  flush(): void {
    this.pump();
  }

  wake(): void {
    this.paused = false;
    this.failuresInRow = 0;
    this.sendAfter = 0;
    this.pump();
  }

  retry(docId: string): Promise<void> {
    return this.serial(async () => {
      const upload = this.uploads.find((candidate) => candidate.docId === docId);
      if (upload?.state !== 'failed') return;
      this.answeredFailures.delete(docId);
      this.update(docId, { state: 'queued', failure: null });
      await this.persist({ ...upload, failure: null });
      this.publish();
      this.pump();
    });
  }

  discard(docId: string): Promise<void> {
    return this.serial(async () => {
      const upload = this.uploads.find((candidate) => candidate.docId === docId);
      if (!upload || upload.state === 'uploading') return;
      await this.deps.storage.remove(docId).catch((error: unknown) => {
        console.error(`The file ${upload.path} could not be removed from this browser's upload queue`, error);
      });
      this.uploads = this.uploads.filter((candidate) => candidate.docId !== docId);
      this.publish();
    });
  }

  stop(): void {
    this.stopped = true;
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  private publish(): void {
    this.state = { ready: this.ready, uploads: this.uploads };
    for (const listener of this.listeners) listener();
  }

  private update(docId: string, patch: Partial<PendingUpload>): void {
    this.uploads = this.uploads.map((upload) => (upload.docId === docId ? { ...upload, ...patch } : upload));
  }

  /** Stores and adds one file; resolves to why it could not be, or null. */
  private async store(request: UploadRequest): Promise<string | null> {
    if (this.uploads.some((upload) => upload.docId === request.docId)) return null;
    const order = Math.max(0, ...this.uploads.map((upload) => upload.order + 1));
    const upload: PendingUpload = { ...request, order, state: 'queued', failure: null };
    try {
      await this.deps.storage.put(storedOf(upload));
    } catch (error) {
      console.error(`The file ${request.path} could not be stored for upload`, error);
      return `“${fileNameOf(request.path)}” was not added: this browser could not keep it until it is sent (is its storage full?).`;
    }
    this.uploads = [...this.uploads, upload];
    return null;
  }

  private async readStored(): Promise<StoredUpload[] | null> {
    return this.deps.storage.list().catch((error: unknown) => {
      console.error('The files waiting for upload could not be read from this browser', error);
      return null;
    });
  }

  private async persist(upload: PendingUpload): Promise<void> {
    await this.deps.storage.put(storedOf(upload)).catch((error: unknown) => {
      console.error(`The upload state of ${upload.path} could not be stored`, error);
    });
  }

  private pump(): void {
    if (!this.ready || this.stopped || this.paused || this.deps.isOnline?.() === false) return;
    const wait = this.sendAfter - this.deps.now();
    if (wait > 0) {
      this.wakeAfter(wait);
      return;
    }
    for (const upload of this.uploads) {
      if (this.inFlight.size >= MAX_PARALLEL_UPLOADS) break;
      if (upload.state === 'queued' && !this.inFlight.has(upload.docId)) void this.send(upload);
    }
  }

  private wakeAfter(delayMs: number): void {
    this.cancelTimer?.();
    this.cancelTimer = this.deps.schedule(() => {
      this.cancelTimer = null;
      this.pump();
    }, delayMs);
  }

  private async send(upload: PendingUpload): Promise<void> {
    this.inFlight.add(upload.docId);
    this.update(upload.docId, { state: 'uploading' });
    this.publish();
    const answer = await this.deps.send(upload).catch(
      (error: unknown): UploadFailure => ({
        ok: false,
        status: 0,
        code: 'NETWORK_UNAVAILABLE',
        message: String(error),
      }),
    );
    this.inFlight.delete(upload.docId);
    if (answer.ok) return this.land(upload, answer);
    await this.handleFailure(upload, answer);
    this.publish();
    this.pump();
  }

  private async land(upload: PendingUpload, answer: Extract<UploadAnswer, { ok: true }>): Promise<void> {
    // Removed from storage first: a reload from here on must not send it again (it would be harmless, the
    // relay answers a repeated id with the same entry, but it would cost the bytes).
    await this.deps.storage.remove(upload.docId).catch((error: unknown) => {
      console.error(`The uploaded file ${upload.path} could not be removed from this browser's queue`, error);
    });
    this.failuresInRow = 0;
    this.answeredFailures.delete(upload.docId);
    this.update(upload.docId, { path: answer.path });
    this.publish();
    this.pump();
    await this.deps.onUploaded(answer).catch((error: unknown) => {
      console.warn('The tree could not be fetched after an upload; the next refresh will show the file', error);
    });
    this.uploads = this.uploads.filter((candidate) => candidate.docId !== upload.docId);
    this.publish();
  }

  private async handleFailure(upload: PendingUpload, failure: UploadFailure): Promise<void> {
    const kind = classifyUploadFailure(failure);
    if (kind === 'refused') return this.markFailed(upload, describeRefusal(failure));
    this.update(upload.docId, { state: 'queued' });
    if (kind === 'signedOut') {
      this.paused = true;
      return;
    }
    if (kind === 'retry') {
      const attempts = (this.answeredFailures.get(upload.docId) ?? 0) + 1;
      this.answeredFailures.set(upload.docId, attempts);
      console.warn(`Upload of ${upload.path} failed (${failure.code}, attempt ${attempts}): ${failure.message}`);
      if (attempts >= MAX_ANSWERED_ATTEMPTS) {
        return this.markFailed(upload, `The relay could not take it after ${attempts} tries: ${failure.message}`);
      }
    }
    this.failuresInRow += 1;
    this.sendAfter = this.deps.now() + retryDelayMs(this.failuresInRow, failure.retryAfterSeconds);
  }

  private async markFailed(upload: PendingUpload, failure: string): Promise<void> {
    this.answeredFailures.delete(upload.docId);
    this.update(upload.docId, { state: 'failed', failure });
    await this.persist({ ...upload, state: 'failed', failure });
  }
}

function pendingOf(stored: StoredUpload): PendingUpload {
  return { ...stored, state: stored.failure === null ? 'queued' : 'failed' };
}

function storedOf({ state: _state, ...stored }: PendingUpload): StoredUpload {
  return stored;
}

function tooManyMessage(path: string, limit: number): string {
  return `“${fileNameOf(path)}” was not added: at most ${limit} files can wait for upload on this device. Add it again once some have been sent.`;
}

// A proxy in front of the relay may refuse a large body without the relay's JSON: say what it means.
function describeRefusal(failure: UploadFailure): string {
  if (failure.status === 413 && failure.code !== 'ATTACHMENT_TOO_LARGE')
    return 'The file is larger than the relay accepts.';
  return failure.message;
}
