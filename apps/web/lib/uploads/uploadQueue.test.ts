import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUploadQueue, type UploadQueueDeps } from './uploadQueue';
import { createUploadStorage, type UploadStorage } from './uploadStorage';
import type { PendingUpload, UploadAnswer, UploadQueue, UploadRequest } from './uploadTypes';

const now = Date.UTC(2026, 10, 30, 9, 0);
const scan = 'alice_scan_00000000001';
const photo = 'alice_photo_0000000002';
const sheet = 'alice_sheet_0000000003';

function file(docId: string, path: string, text = `bytes of ${path}`): UploadRequest {
  return { docId, path, createdAt: now, blob: new Blob([text]) };
}

/** A relay whose answers the test gives one by one, in the order the uploads arrive. */
function createFakeUploadRelay() {
  const calls: { upload: PendingUpload; answer: (answer: UploadAnswer) => void }[] = [];
  return {
    calls,
    sentPaths: () => calls.map((call) => call.upload.path),
    send: (upload: PendingUpload) => new Promise<UploadAnswer>((answer) => calls.push({ upload, answer })),
    accept(index: number, version = 7) {
      const call = calls[index];
      call?.answer({ ok: true, docId: call.upload.docId, path: call.upload.path, version });
    },
    refuse(index: number, status: number, code: string, message: string, retryAfterSeconds?: number) {
      calls[index]?.answer({ ok: false, status, code, message, retryAfterSeconds });
    },
  };
}

/** A clock that only moves when the test fires the timers, to the moment the last one was due. */
function createTimers() {
  let clock = now;
  const pending: { callback: () => void; delayMs: number; dueAt: number }[] = [];
  return {
    now: () => clock,
    delays: () => pending.map((timer) => timer.delayMs),
    schedule: (callback: () => void, delayMs: number) => {
      const timer = { callback, delayMs, dueAt: clock + delayMs };
      pending.push(timer);
      return () => pending.splice(pending.indexOf(timer), 1);
    },
    fireAll() {
      const due = pending.splice(0);
      clock = Math.max(clock, ...due.map((timer) => timer.dueAt));
      for (const timer of due) timer.callback();
    },
  };
}

interface Device {
  readonly queue: UploadQueue;
  readonly relay: ReturnType<typeof createFakeUploadRelay>;
  readonly timers: ReturnType<typeof createTimers>;
  readonly onUploaded: ReturnType<typeof vi.fn>;
}

function device(storage: UploadStorage, options: Partial<UploadQueueDeps> = {}): Device {
  const relay = createFakeUploadRelay();
  const timers = createTimers();
  const onUploaded = vi.fn(async () => undefined);
  const queue = createUploadQueue({
    storage,
    send: relay.send,
    onUploaded,
    now: timers.now,
    schedule: timers.schedule,
    ...options,
  });
  return { queue, relay, timers, onUploaded };
}

// IndexedDB (fake-indexeddb) answers over several macrotasks; this waits until it has gone quiet.
async function settle(): Promise<void> {
  for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}
const states = (queue: UploadQueue) => queue.getState().uploads.map((upload) => [upload.path, upload.state]);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the upload queue', () => {
  it('[ATT8] keeps queued files, their bytes and a failure across a reload, in the order they were added', async () => {
    const storage = createUploadStorage(new IDBFactory());
    const first = device(storage);
    await first.queue.start();
    first.queue.stop();
    await first.queue.enqueue([file(scan, 'Scan.pdf', '%PDF-1.7'), file(photo, 'Trip/Photo.png')]);
    await first.queue.enqueue([file(sheet, 'Budget.csv')]);

    const second = device(storage);
    await second.queue.start();
    second.queue.stop();
    const uploads = second.queue.getState().uploads;
    expect(uploads.map((upload) => upload.path)).toEqual(['Scan.pdf', 'Trip/Photo.png', 'Budget.csv']);
    expect(await uploads[0]?.blob.text()).toBe('%PDF-1.7');
    expect(uploads[0]).toMatchObject({ docId: scan, createdAt: now, state: 'queued', failure: null });
  });

  it('[ATT8] sends the oldest files first, two at a time', async () => {
    const { queue, relay } = device(createUploadStorage(new IDBFactory()));
    await queue.start();
    await queue.enqueue([file(scan, 'Scan.pdf'), file(photo, 'Photo.png'), file(sheet, 'Budget.csv')]);
    expect(relay.sentPaths()).toEqual(['Scan.pdf', 'Photo.png']);
    expect(states(queue)).toEqual([
      ['Scan.pdf', 'uploading'],
      ['Photo.png', 'uploading'],
      ['Budget.csv', 'queued'],
    ]);
    relay.accept(1);
    await settle();
    expect(relay.sentPaths()).toEqual(['Scan.pdf', 'Photo.png', 'Budget.csv']);
  });

  it('[ATT8] drops a sent file from storage at once and from the list once the tree was fetched', async () => {
    const storage = createUploadStorage(new IDBFactory());
    let treeFetched: () => void = () => undefined;
    const onUploaded = vi.fn(() => new Promise<void>((resolve) => (treeFetched = resolve)));
    const { queue, relay } = device(storage, { onUploaded });
    await queue.start();
    await queue.enqueue([file(scan, 'Scan.pdf')]);
    relay.calls[0]?.answer({ ok: true, docId: scan, path: 'Scan (conflict 2026-11-30).pdf', version: 9 });
    await settle();
    expect(await storage.list()).toEqual([]);
    expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ docId: scan, version: 9 }));
    // Until the tree shows it, the row stays, under the name the relay gave it.
    expect(states(queue)).toEqual([['Scan (conflict 2026-11-30).pdf', 'uploading']]);
    treeFetched();
    await settle();
    expect(queue.getState().uploads).toEqual([]);
  });

  it('[ATT8] keeps a file queued while the relay is unreachable, backing off 2 s, 4 s, 8 s', async () => {
    const { queue, relay, timers } = device(createUploadStorage(new IDBFactory()));
    await queue.start();
    await queue.enqueue([file(scan, 'Scan.pdf')]);
    for (const [index, delay] of [2_000, 4_000, 8_000].entries()) {
      relay.refuse(index, 0, 'NETWORK_UNAVAILABLE', 'offline');
      await settle();
      expect(states(queue)).toEqual([['Scan.pdf', 'queued']]);
      queue.flush(); // a poll in the backoff sends nothing
      expect(relay.calls).toHaveLength(index + 1);
      expect(timers.delays()).toEqual([delay]);
      timers.fireAll();
      expect(relay.calls).toHaveLength(index + 2);
    }
  });

  it('[ATT8] tries nothing while the device knows it is offline, and sends once it is back', async () => {
    let online = false;
    const { queue, relay } = device(createUploadStorage(new IDBFactory()), { isOnline: () => online });
    await queue.start();
    await queue.enqueue([file(scan, 'Scan.pdf')]);
    queue.flush();
    expect(relay.calls).toEqual([]);
    expect(states(queue)).toEqual([['Scan.pdf', 'queued']]);
    online = true;
    queue.wake();
    expect(relay.sentPaths()).toEqual(['Scan.pdf']);
  });

  it('[ATT8] a reconnection sends at once, whatever the backoff', async () => {
    const { queue, relay, timers } = device(createUploadStorage(new IDBFactory()));
    await queue.start();
    await queue.enqueue([file(scan, 'Scan.pdf')]);
    relay.refuse(0, 503, 'INTERNAL_ERROR', 'busy', 120);
    await settle();
    expect(timers.delays()).toEqual([120_000]);
    queue.wake();
    expect(relay.calls).toHaveLength(2);
  });

  it('[ATT8] retries 408, 429, 5xx and a cut-short upload, but gives up on one file after six answered failures', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { queue, relay, timers } = device(createUploadStorage(new IDBFactory()));
    await queue.start();
    await queue.enqueue([file(scan, 'Scan.pdf')]);
    const failures: [number, string][] = [
      [408, 'REQUEST_TIMEOUT'],
      [429, 'RATE_LIMITED'],
      [500, 'INTERNAL_ERROR'],
      [400, 'UPLOAD_INCOMPLETE'],
      [502, 'BAD_GATEWAY'],
    ];
    for (const [index, [status, code]] of failures.entries()) {
      relay.refuse(index, status, code, 'try later');
      await settle();
      expect(states(queue)).toEqual([['Scan.pdf', 'queued']]);
      timers.fireAll();
    }
    relay.refuse(5, 500, 'ATTACHMENT_DAMAGED', 'The stored file is missing or damaged.');
    await settle();
    expect(queue.getState().uploads[0]).toMatchObject({
      state: 'failed',
      failure: 'The relay could not take it after 6 tries: The stored file is missing or damaged.',
    });
    expect(warn).toHaveBeenCalledTimes(6);
  });

  it('[ATT8] marks a refused file failed with the relay’s words, keeps that across a reload, and sends the rest', async () => {
    const storage = createUploadStorage(new IDBFactory());
    const { queue, relay } = device(storage);
    await queue.start();
    await queue.enqueue([file(scan, 'Scan.pdf'), file(photo, 'Photo.png'), file(sheet, 'Budget.csv')]);
    relay.refuse(0, 403, 'FORBIDDEN', 'Viewers can’t change this vault.');
    await settle();
    expect(states(queue)).toEqual([
      ['Scan.pdf', 'failed'],
      ['Photo.png', 'uploading'],
      ['Budget.csv', 'uploading'],
    ]);
    queue.wake();
    expect(relay.calls).toHaveLength(3);

    const reloaded = device(storage);
    await reloaded.queue.start();
    reloaded.queue.stop();
    expect(reloaded.queue.getState().uploads[0]).toMatchObject({
      state: 'failed',
      failure: 'Viewers can’t change this vault.',
    });
  });

  it('[ATT1] names a proxy’s bare 413 as the size limit it is', async () => {
    const { queue, relay } = device(createUploadStorage(new IDBFactory()));
    await queue.start();
    await queue.enqueue([file(scan, 'Scan.pdf')]);
    relay.refuse(0, 413, 'RESPONSE_INVALID', 'The relay answered 413.');
    await settle();
    expect(queue.getState().uploads[0]?.failure).toBe('The file is larger than the relay accepts.');
  });

  it('[ATT8] sends a failed file again on retry, and discarding forgets it on this device', async () => {
    const storage = createUploadStorage(new IDBFactory());
    const { queue, relay } = device(storage);
    await queue.start();
    await queue.enqueue([file(scan, 'Scan.pdf'), file(photo, 'Photo.png')]);
    relay.refuse(0, 400, 'PATH_INVALID', 'PATH5: no ":" in names.');
    relay.refuse(1, 409, 'DOC_ID_UNAVAILABLE', 'That id cannot be used for this; make a new one.');
    await settle();
    await queue.retry(scan);
    expect(relay.calls).toHaveLength(3);
    expect(states(queue)).toEqual([
      ['Scan.pdf', 'uploading'],
      ['Photo.png', 'failed'],
    ]);
    await queue.discard(photo);
    await queue.discard(scan); // on its way: can't be called back
    expect(states(queue)).toEqual([['Scan.pdf', 'uploading']]);
    expect((await storage.list()).map((upload) => upload.docId)).toEqual([scan]);
  });

  it('[ATT8] a lost session keeps files queued and sends nothing more until the relay is back', async () => {
    const { queue, relay, timers } = device(createUploadStorage(new IDBFactory()));
    await queue.start();
    await queue.enqueue([file(scan, 'Scan.pdf')]);
    relay.refuse(0, 401, 'UNAUTHENTICATED', 'Sign in again.');
    await settle();
    await queue.enqueue([file(photo, 'Photo.png')]);
    queue.flush();
    expect(relay.calls).toHaveLength(1);
    expect(timers.delays()).toEqual([]);
    expect(states(queue)).toEqual([
      ['Scan.pdf', 'queued'],
      ['Photo.png', 'queued'],
    ]);
    queue.wake();
    expect(relay.sentPaths()).toEqual(['Scan.pdf', 'Scan.pdf', 'Photo.png']);
  });

  it('[ATT8, LIM14] keeps at most 100 files waiting; the rest are refused with a reason, not queued', async () => {
    const storage = createUploadStorage(new IDBFactory());
    const { queue } = device(storage);
    await queue.start();
    queue.stop();
    const files = Array.from({ length: 101 }, (_, index) =>
      file(`alice_file_${String(index).padStart(11, '0')}`, `File ${index}.txt`),
    );
    const result = await queue.enqueue(files);
    expect(result.queued).toHaveLength(100);
    expect(result.refused).toEqual([
      { path: 'File 100.txt', message: expect.stringContaining('at most 100 files can wait for upload') },
    ]);
    expect(await storage.list()).toHaveLength(100);
  });

  it('[ATT8] refuses a file this browser could not store, and queues nothing of it', async () => {
    const storage = createUploadStorage(new IDBFactory());
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const full: UploadStorage = { ...storage, put: () => Promise.reject(new Error('QuotaExceededError')) };
    const { queue, relay } = device(full);
    await queue.start();
    const result = await queue.enqueue([file(scan, 'Scan.pdf')]);
    expect(result.refused).toEqual([{ path: 'Scan.pdf', message: expect.stringContaining('could not keep it') }]);
    expect(queue.getState().uploads).toEqual([]);
    expect(relay.calls).toEqual([]);
  });

  it('[ATT8] picks up files another tab of the vault added, and lets go of those it sent or discarded', async () => {
    const storage = createUploadStorage(new IDBFactory());
    const [tab1, tab2] = [device(storage), device(storage)];
    await Promise.all([tab1.queue.start(), tab2.queue.start()]);
    tab1.queue.stop();
    await tab1.queue.enqueue([file(scan, 'Scan.pdf'), file(photo, 'Photo.png')]);
    await tab2.queue.reload();
    expect(states(tab2.queue)).toEqual([
      ['Scan.pdf', 'uploading'],
      ['Photo.png', 'uploading'],
    ]);
    tab2.relay.accept(0);
    await settle();
    await tab1.queue.discard(photo);
    await tab1.queue.reload();
    await tab2.queue.reload();
    expect(states(tab1.queue)).toEqual([]);
    expect(states(tab2.queue)).toEqual([['Photo.png', 'uploading']]);
  });
});
