import { createReadStream } from 'node:fs';
import { lstat, mkdir, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { strToU8 } from 'fflate';
import { CliError } from '../cliError';
import { commitTempFile, tempPathFor, writeFileAtomically } from '../files/atomicWrite';
import { type ExportSource, MANIFEST_NAME, manifestOf } from './exportManifest';
import type { ExportTarget } from './exportTarget';
import { NOTE_IDS_NAME, noteIdsText } from './noteIds';
import { ZipFileWriter } from './ZipFileWriter';

/**
 * XFER3: an export into a new `.zip` file, built in a temporary file beside it and renamed into place
 * when whole. Notes are deflated; attachments are stored, each downloaded to a temporary file first, so a
 * failed download leaves no half entry behind.
 */
export async function openZipTarget(file: string, source: ExportSource, now: () => Date): Promise<ExportTarget> {
  const taken = await lstat(file).then(
    () => true,
    () => false,
  );
  if (taken) throw new CliError(`${file} exists; a .zip is never overwritten. Give a new file name.`);
  await mkdir(dirname(file), { recursive: true });
  const temp = tempPathFor(file);
  const zip = new ZipFileWriter(temp);
  const files: string[] = [];
  const folders: string[] = [];
  const ids = new Map<string, string>();
  return {
    description: file,
    async makeFolder(path) {
      zip.addFolder(path);
      folders.push(path);
    },
    async writeNote(path, text, docId) {
      zip.addDeflated(path, strToU8(text));
      files.push(path);
      ids.set(path, docId);
    },
    async writeAttachment(path, body) {
      const part = tempPathFor(temp);
      try {
        await writeFileAtomically(part, body);
        await zip.addStored(path, (await stat(part)).size, createReadStream(part));
        files.push(path);
      } finally {
        await rm(part, { force: true });
      }
    },
    async finish() {
      zip.addDeflated(NOTE_IDS_NAME, strToU8(noteIdsText(ids)));
      zip.addDeflated(
        MANIFEST_NAME,
        strToU8(`${JSON.stringify(manifestOf(source, { files, folders }, now()), null, 2)}\n`),
      );
      await zip.end();
      await commitTempFile(temp, file);
    },
    async abort() {
      zip.close();
      await rm(temp, { force: true });
    },
  };
}
