import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/** The part of a temporary file's name that marks it as ours: import skips such files (XFER4). */
export const TEMP_MARK = '.baalda-tmp-';

/** A temporary name beside `path`, in the same folder so the rename stays on one disk. */
export function tempPathFor(path: string): string {
  return `${path}${TEMP_MARK}${randomBytes(6).toString('hex')}`;
}

/**
 * Writes `content` to `path` whole or not at all: into a temporary file beside it, then renamed over it,
 * so a reader (or a crash) never sees half a file. Parent folders are made as needed.
 */
export async function writeFileAtomically(
  path: string,
  content: Uint8Array | string | ReadableStream<Uint8Array>,
): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = tempPathFor(path);
  try {
    if (content instanceof ReadableStream) {
      await pipeline(
        Readable.fromWeb(content as WebReadableStream<Uint8Array>),
        createWriteStream(temp, { flags: 'wx' }),
      );
    } else {
      await writeFile(temp, content, { flag: 'wx' });
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
