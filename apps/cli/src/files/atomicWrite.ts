import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, renameSync, unlinkSync } from 'node:fs';
import { link, lstat, mkdir, open, rename, rm, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

// The CLI's one way to write a file (MIR9, XFER3): whole to a temporary file first, flushed to disk, then
// renamed (or linked) into place and the folder flushed too, so a reader, a crash or a kill at any moment
// sees the old file or the new one, never a part, and a file once placed survives a power cut.

/** The part of a temporary file's name that marks it as ours: import skips such files (XFER4). */
export const TEMP_MARK = '.baalda-tmp-';

/** What to write: bytes, text, or a stream of bytes (a download, an attachment's body). */
export type FileContent = Uint8Array | string | AsyncIterable<Uint8Array>;

/** How the file is put in place. */
export interface AtomicWriteOptions {
  /**
   * A folder on the same disk for the temporary file, where it must not appear beside the target (the
   * mirror keeps its own in `.baalda/tmp/`, never synced and cleared at start); by default the target's own.
   */
  readonly tempDir?: string;
  /** `replace` (the default) renames over what is there; `create` never overwrites (a hard link refuses). */
  readonly mode?: 'replace' | 'create';
  /** Asked once the bytes are on disk, just before they are put in place: false leaves the target alone (MIR4). */
  readonly mayReplace?: () => Promise<boolean>;
}

/** A fresh temporary name for `target`, in `tempDir` (by default beside it, so the rename stays on one disk). */
export function tempPathFor(target: string, tempDir = dirname(target)): string {
  return join(tempDir, `${basename(target)}${TEMP_MARK}${randomBytes(6).toString('hex')}`);
}

/**
 * Writes `content` to `target` whole or not at all; parent folders are made as needed. False when the file
 * was not placed: `mayReplace` said no, or (`create`) something is already at `target`.
 */
export async function writeFileAtomically(
  target: string,
  content: FileContent,
  options: AtomicWriteOptions = {},
): Promise<boolean> {
  return (await writeFilePlaced(target, content, options)) !== null;
}

/** The size and time of the bytes a write placed, taken before they were placed. */
export interface PlacedFile {
  readonly size: number;
  readonly mtimeMs: number;
}

/**
 * writeFileAtomically, answering the placed file's size and time (null when it was not placed). They are
 * the temporary file's, read before it took the target's name: a stat taken after could already be of a
 * person's save into the new file, and a signature with this write's hash and that save's time would hide
 * the save from every later scan (MIR3).
 */
export async function writeFilePlaced(
  target: string,
  content: FileContent,
  options: AtomicWriteOptions = {},
): Promise<PlacedFile | null> {
  await mkdir(dirname(target), { recursive: true });
  const temp = tempPathFor(target, options.tempDir);
  try {
    await writeTemp(temp, content);
    return await placeTempFile(temp, target, options);
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * Puts a finished temporary file (one written by another writer, a zip's) at `target` as
 * writeFileAtomically does: flushed, placed, its folder flushed. The temporary file is gone afterwards.
 */
export async function commitTempFile(temp: string, target: string, options: AtomicWriteOptions = {}): Promise<boolean> {
  return (await placeTempFile(temp, target, options)) !== null;
}

async function placeTempFile(temp: string, target: string, options: AtomicWriteOptions): Promise<PlacedFile | null> {
  try {
    await syncPath(temp);
    if (options.mayReplace && !(await options.mayReplace())) return null;
    const { size, mtimeMs } = await lstat(temp);
    await mkdir(dirname(target), { recursive: true });
    const placed = options.mode === 'create' ? await placeNew(temp, target) : await replaceWith(temp, target);
    if (!placed) return null;
    await syncFolder(dirname(target));
    return { size, mtimeMs };
  } finally {
    await rm(temp, { force: true });
  }
}

/** What `swapFileAtomically` did. */
export interface SwapOutcome {
  /** The new file is at the target. */
  readonly placed: boolean;
  /** The file that was at the target is now at `aside` (false: none was there any more). */
  readonly setAside: boolean;
  /** The new file's size and time, read before it was placed (so never those of a file saved over it since). */
  readonly size: number;
  readonly mtimeMs: number;
}

/**
 * MIR4: replaces `target` with `content` without ever destroying what another writer put there: the file
 * at `target` is first renamed to `aside` (whatever it is at that instant, a save made a moment before
 * included), then the new file is hard-linked into place, which refuses if a writer made a new `target`
 * in between (then nothing is placed). The caller compares `aside` with what it expected there. `aside`
 * must be on the target's disk (the mirror's `.baalda/tmp/`).
 */
export async function swapFileAtomically(
  target: string,
  content: FileContent,
  options: { readonly tempDir: string; readonly aside: string },
): Promise<SwapOutcome> {
  const temp = tempPathFor(target, options.tempDir);
  try {
    await writeTemp(temp, content);
    await syncPath(temp);
    const { size, mtimeMs } = await lstat(temp);
    const swapped = swapInto(temp, target, options.aside);
    if (swapped.placed) await syncFolder(dirname(target));
    return { ...swapped, size, mtimeMs };
  } finally {
    await rm(temp, { force: true });
  }
}

// Synchronous calls, back to back: between two awaited ones a whole turn of the event loop would pass with
// no file at `target`, where here a reader can only fall between two system calls.
function swapInto(temp: string, target: string, aside: string): { placed: boolean; setAside: boolean } {
  try {
    renameSync(target, aside);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return { placed: false, setAside: false };
    throw error;
  }
  try {
    linkSync(temp, target);
    return { placed: true, setAside: true };
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return { placed: false, setAside: true };
    if (!NO_HARD_LINKS.includes(codeOf(error))) throw restored(aside, target, error);
  }
  // Disks without hard links: a check, then a rename (the window is the rename's own).
  if (existsSync(target)) return { placed: false, setAside: true };
  renameSync(temp, target);
  return { placed: true, setAside: true };
}

// An unexpected failure puts the moved file back where it was (only if nothing is there) before it is reported.
function restored(aside: string, target: string, error: unknown): unknown {
  try {
    linkSync(aside, target);
    unlinkSync(aside);
  } catch {
    // Left at `aside`, in the mirror's temporary folder: a start keeps such files (MIR4).
  }
  return error;
}

const NO_HARD_LINKS = ['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV'];

async function writeTemp(temp: string, content: FileContent): Promise<void> {
  const handle = await open(temp, 'wx');
  try {
    if (typeof content === 'string' || content instanceof Uint8Array) await handle.writeFile(content);
    else for await (const chunk of content) await handle.write(chunk);
  } finally {
    await handle.close();
  }
}

async function replaceWith(temp: string, target: string): Promise<boolean> {
  await rename(temp, target);
  return true;
}

// A hard link refuses to clobber; disks without hard links get a check, then a rename (the window is the rename's own).
async function placeNew(temp: string, target: string): Promise<boolean> {
  try {
    await link(temp, target);
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false;
    if ((await isTaken(target)) || !NO_HARD_LINKS.includes(codeOf(error))) throw error;
    return replaceWith(temp, target);
  }
  await unlink(temp);
  return true;
}

async function syncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

// A rename is durable once its folder is flushed. Some systems (Windows) can't open or flush a folder:
// there the rename is as durable as the system makes it.
async function syncFolder(folder: string): Promise<void> {
  await syncPath(folder).catch((error: unknown) => {
    if (!['EISDIR', 'EPERM', 'EINVAL', 'ENOTSUP', 'EACCES'].includes(codeOf(error))) throw error;
  });
}

async function isTaken(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? '';
}
