import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Bytes stored under their SHA-256 (ATT2). */
export interface StoredBlob {
  readonly sha256: string;
  readonly size: number;
}

export type ReceiveResult =
  | ({ readonly ok: true } & StoredBlob)
  | { readonly ok: false; readonly code: 'TOO_LARGE' | 'ABORTED'; readonly message: string };

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * ATT2: attachments on disk, content-addressed: `<root>/sha256/ab/abcdef…`. A file is written to
 * `<root>/incoming/` while it is hashed and counted, and renamed into place only when complete and within
 * the limit, so a reader never sees half a file and a refused upload leaves nothing behind. Equal files
 * are stored once.
 */
export class BlobStore {
  private readonly incoming: string;
  private readonly stored: string;

  constructor(root: string) {
    this.incoming = join(root, 'incoming');
    this.stored = join(root, 'sha256');
  }

  async open(): Promise<void> {
    await mkdir(this.incoming, { recursive: true });
    await mkdir(this.stored, { recursive: true });
    // What an earlier run left half-received (a crash mid-upload) is never going to be completed.
    await rm(this.incoming, { recursive: true, force: true });
    await mkdir(this.incoming, { recursive: true });
  }

  /** Streams `source` to disk, never holding more than a chunk in memory; refuses past `maxBytes`. */
  async receive(source: Readable, maxBytes: number): Promise<ReceiveResult> {
    const temporary = join(this.incoming, randomBytes(12).toString('hex'));
    const hash = createHash('sha256');
    let size = 0;
    let tooLarge = false;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) {
          tooLarge = true;
          done(new Error('too large'));
          return;
        }
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, counter, createWriteStream(temporary, { flags: 'wx' }));
    } catch (error) {
      await rm(temporary, { force: true });
      if (tooLarge) return { ok: false, code: 'TOO_LARGE', message: `The file is larger than ${maxBytes} bytes.` };
      return { ok: false, code: 'ABORTED', message: `The upload did not arrive whole (${describe(error)}).` };
    }
    const sha256 = hash.digest('hex');
    await this.settle(temporary, sha256);
    return { ok: true, sha256, size };
  }

  /** Where a blob lives; only for a hash this store made. */
  pathOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error(`Not a SHA-256: ${sha256}`);
    return join(this.stored, sha256.slice(0, 2), sha256);
  }

  /** The blob's size on disk, or null when it is missing. */
  async sizeOf(sha256: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(sha256))).size;
    } catch {
      return null;
    }
  }

  /**
   * Reads a blob and checks it against its hash as it streams (ATT2): bytes that changed on disk end the
   * stream with an error instead of reaching the reader as if they were the file.
   */
  read(blob: StoredBlob): Readable {
    const hash = createHash('sha256');
    // The last chunk is held back until the hash is known: a damaged file then never reaches its reader
    // whole, so a download of it breaks instead of completing with the wrong bytes.
    let held: Buffer | null = null;
    const verify = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        const previous = held;
        held = chunk;
        done(null, previous ?? undefined);
      },
      flush(done) {
        const actual = hash.digest('hex');
        if (actual !== blob.sha256) return done(new Error(`Stored file ${blob.sha256} is damaged (hash ${actual}).`));
        done(null, held ?? undefined);
      },
    });
    const file = createReadStream(this.pathOf(blob.sha256));
    file.on('error', (error) => verify.destroy(error));
    return file.pipe(verify);
  }

  /**
   * ATT9: removes blobs no attachment row refers to any more. Blobs younger than `graceMs` stay: an upload
   * may have stored its bytes and not yet written its row.
   */
  async sweep(isReferenced: (sha256: string) => Promise<boolean>, graceMs: number, now: number): Promise<number> {
    let removed = 0;
    for (const shard of await readdir(this.stored)) {
      for (const name of await readdir(join(this.stored, shard))) {
        const path = join(this.stored, shard, name);
        if (!SHA256.test(name) || now - (await stat(path)).mtimeMs < graceMs) continue;
        if (await isReferenced(name)) continue;
        await rm(path, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  private async settle(temporary: string, sha256: string): Promise<void> {
    const target = this.pathOf(sha256);
    await mkdir(join(this.stored, sha256.slice(0, 2)), { recursive: true });
    const existing = await this.sizeOf(sha256);
    // Same hash, same bytes: keep the one stored and drop the copy. The rename refreshes nothing, so the
    // sweep's grace period would not protect a re-upload of a file about to be swept: touching it does.
    if (existing !== null) {
      await rm(temporary, { force: true });
      const now = new Date();
      await utimes(target, now, now);
      return;
    }
    await rename(temporary, target);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
