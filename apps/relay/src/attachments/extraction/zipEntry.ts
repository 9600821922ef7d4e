import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/** How reading one zip entry ended; `read` includes the consumer stopping early. */
export type ZipEntryOutcome = 'read' | 'missing' | 'corrupt' | 'overInflated';

/**
 * Streams one entry of a zip archive to `onChunk` while it inflates, and stops it once it has inflated past
 * `maxInflatedBytes`: the sizes an archive declares are the attacker's to choose, the bytes counted here are not.
 * `onChunk` returns false when it wants no more. Entry names compare case-insensitively, as in Office documents.
 */
export async function readZipEntry(
  archive: Buffer,
  entryName: string,
  maxInflatedBytes: number,
  onChunk: (chunk: Buffer) => boolean,
): Promise<ZipEntryOutcome> {
  let zip: yauzl.ZipFile | undefined;
  try {
    zip = await yauzl.fromBufferPromise(archive, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
    const entry = await findEntry(zip, entryName.toLowerCase());
    if (!entry) return 'missing';
    return await pipeCounted(await zip.openReadStreamPromise(entry), maxInflatedBytes, onChunk);
  } catch {
    return 'corrupt';
  } finally {
    zip?.close();
  }
}

async function findEntry(zip: yauzl.ZipFile, lowerCaseName: string): Promise<yauzl.Entry | undefined> {
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName.toLowerCase() === lowerCaseName) return entry;
  }
  return undefined;
}

/** Leaving the loop early destroys the stream, which stops inflating at once. */
async function pipeCounted(
  stream: Readable,
  maxInflatedBytes: number,
  onChunk: (chunk: Buffer) => boolean,
): Promise<ZipEntryOutcome> {
  let inflatedBytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    inflatedBytes += chunk.length;
    if (inflatedBytes > maxInflatedBytes) return 'overInflated';
    if (!onChunk(chunk)) return 'read';
  }
  return 'read';
}
