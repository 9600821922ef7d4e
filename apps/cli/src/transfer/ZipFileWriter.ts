import { closeSync, openSync, writeSync } from 'node:fs';
import { strToU8, Zip, ZipDeflate, type ZipInputFile, ZipPassThrough } from 'fflate';
import { TransferStopped } from './transferProblems';

// fflate writes no ZIP64: offsets and sizes are 32-bit and a zip holds at most 65,535 entries.
const ZIP32_MAX_BYTES = 0xffff_ffff;
const ZIP32_MAX_ENTRIES = 0xffff;
// An entry's local header, data descriptor and central record, besides its name written twice.
const ENTRY_OVERHEAD = 128;
const TOO_LARGE = 'The vault is too large for one .zip (4 GiB, 65,535 files); export to a folder.';

type ZipEntry = ZipInputFile & { push(chunk: Uint8Array, final?: boolean): void };

/**
 * A zip file written as it is built: fflate hands over each compressed chunk as it is made and it goes to
 * disk at once, so memory holds a chunk, not the archive. Entries go in one at a time, each whole before
 * the next; one that can't be finished breaks the file, and every later call says so (TransferStopped).
 */
export class ZipFileWriter {
  private readonly fd: number;
  private readonly zip: Zip;
  private readonly ended: Promise<void>;
  private written = 0;
  private entries = 0;
  private directoryBytes = 0;
  private failure: Error | null = null;
  private closed = false;

  constructor(file: string) {
    this.fd = openSync(file, 'wx');
    let end: () => void = () => {};
    this.ended = new Promise((resolve) => {
      end = resolve;
    });
    this.zip = new Zip((error, chunk, final) => {
      if (error) this.failure = error;
      else this.written += writeSync(this.fd, chunk);
      if (final || error) end();
    });
  }

  /** A deflated entry (notes, the manifest, the ids). */
  addDeflated(name: string, bytes: Uint8Array): void {
    this.addWhole(new ZipDeflate(name, { level: 6 }), bytes);
  }

  /** A folder entry (`name/`). */
  addFolder(name: string): void {
    this.addWhole(new ZipPassThrough(`${name}/`), new Uint8Array(0));
  }

  /** A stored entry of `size` bytes from `chunks` (attachments: mostly compressed already). */
  async addStored(name: string, size: number, chunks: AsyncIterable<Uint8Array>): Promise<void> {
    const entry = new ZipPassThrough(name);
    this.reserve(entry, size);
    try {
      this.zip.add(entry);
      for await (const chunk of chunks) entry.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      entry.push(new Uint8Array(0), true);
    } catch (error) {
      throw this.broken(error);
    }
  }

  /** Writes the central directory and closes the file. */
  async end(): Promise<void> {
    this.zip.end();
    await this.ended;
    this.close();
    if (this.failure) throw this.broken(this.failure);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }

  private addWhole(entry: ZipEntry, bytes: Uint8Array): void {
    this.reserve(entry, bytes.length);
    try {
      this.zip.add(entry);
      entry.push(bytes, true);
    } catch (error) {
      throw this.broken(error);
    }
  }

  // Checked before an entry starts: once one has begun, only all of it keeps the zip readable.
  private reserve(entry: ZipInputFile, size: number): void {
    if (this.failure) throw this.broken(this.failure);
    const nameBytes = strToU8(entry.filename).length;
    this.directoryBytes += nameBytes + ENTRY_OVERHEAD;
    this.entries++;
    const total = this.written + size + nameBytes + this.directoryBytes;
    if (total > ZIP32_MAX_BYTES || this.entries >= ZIP32_MAX_ENTRIES) throw new TransferStopped(TOO_LARGE);
  }

  private broken(error: unknown): TransferStopped {
    this.failure ??= error as Error;
    return new TransferStopped(`The .zip could not be written: ${(error as Error).message}`);
  }
}
