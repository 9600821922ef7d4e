/** Where one file waiting for the relay stands: waiting its turn, on its way, or refused for good. */
export type UploadState = 'queued' | 'uploading' | 'failed';

/** A file the person added, kept on this device until the relay has it (ATT8). */
export interface PendingUpload {
  /** The attachment's id, made here like a new note's (DOC2); the relay keeps it. */
  readonly docId: string;
  /** Where it goes in the vault, as this device chose it (the relay may rename it on a collision, CN1). */
  readonly path: string;
  /** When the person added it; names the conflict date if the relay has to rename it (CN2). */
  readonly createdAt: number;
  readonly blob: Blob;
  /** Order of queueing: files are sent oldest first. */
  readonly order: number;
  readonly state: UploadState;
  /** Why the relay refused it, once `failed`. */
  readonly failure: string | null;
}

/** A file to queue: everything of a {@link PendingUpload} the queue doesn't decide itself. */
export type UploadRequest = Pick<PendingUpload, 'docId' | 'path' | 'createdAt' | 'blob'>;

/** What the relay answered an upload with. */
export type UploadAnswer =
  | {
      readonly ok: true;
      readonly docId: string;
      /** Where the attachment is now: the CN1 conflict name when someone took the path meanwhile. */
      readonly path: string;
      /** The tree version after the upload. */
      readonly version: number;
    }
  | UploadFailure;

/** An upload that did not land; `status` is 0 when no HTTP answer arrived (offline, relay down). */
export interface UploadFailure {
  readonly ok: false;
  readonly status: number;
  readonly code: string;
  readonly message: string;
  /** From a 429's `Retry-After`. */
  readonly retryAfterSeconds?: number;
}

/** Everything the sidebar and the attachment view read of the queue. */
export interface UploadQueueState {
  /** False until this device's stored queue has been read. */
  readonly ready: boolean;
  /** Oldest first; finished uploads leave once the tree has them. */
  readonly uploads: readonly PendingUpload[];
}

/** What queueing some files did: the files queued, and why the others were not. */
export interface EnqueueResult {
  readonly queued: readonly string[];
  readonly refused: readonly { readonly path: string; readonly message: string }[];
}

/** This device's files waiting for the relay, sent one or two at a time, kept across reloads. */
export interface UploadQueue {
  /** Reads the stored queue; call once before anything else. */
  start(): Promise<void>;
  getState(): UploadQueueState;
  subscribe(listener: () => void): () => void;
  /** Stores the files, then sends them; nothing is queued past LIM14 or when storage refuses it. */
  enqueue(requests: readonly UploadRequest[]): Promise<EnqueueResult>;
  /** Sends what is due (a backoff after failures still applies). */
  flush(): void;
  /**
   * Reads the stored queue again, then sends what is due: another tab of this vault may have added files,
   * or sent or discarded some.
   */
  reload(): Promise<void>;
  /** The relay may be back (online, reconnected): forget the backoff and send now. */
  wake(): void;
  /** Sends a failed upload again. */
  retry(docId: string): Promise<void>;
  /** Drops a queued or failed upload from this device; one on its way can't be called back. */
  discard(docId: string): Promise<void>;
  /** Stops timers and sending (sign-out, vault switch); the stored queue stays. */
  stop(): void;
}

export const INITIAL_UPLOAD_STATE: UploadQueueState = { ready: false, uploads: [] };
