import { entryKindOf, refuseDotName } from '@baalda/core';
import type { CommandInput } from '../commandTypes';
import type { ApiNote } from '../relayClient';
import { openDirectoryTarget } from './directoryTarget';
import type { ExportTarget } from './exportTarget';
import { connectNotes, type NotesClient } from './notesClient';
import { collectProblems, countOf, finish, isFatal, reasonOf, type TransferProblems } from './transferProblems';
import { openZipTarget } from './zipTarget';

/**
 * `export <dir|file.zip>` (XFER1–XFER3, XFER11): every live note as its Markdown, byte for byte what `read_note`
 * gives (the docIds go to `.baalda-ids.json`), every attachment as its bytes, every folder (empty ones too)
 * as a folder, at their vault paths.
 */
export async function runExport(input: CommandInput, now: () => Date = () => new Date()): Promise<string> {
  const relay = input.relay();
  const destination = input.args[0] ?? '';
  const { notes, folders } = await relay.tree();
  const texts = await connectNotes(relay, input.note);
  const problems = collectProblems('not exported', input.note);
  const source = { relay: relay.baseUrl, vault: relay.vaultId };
  try {
    const target = /\.zip$/i.test(destination)
      ? await openZipTarget(destination, source, now)
      : await openDirectoryTarget(destination, source, now);
    const exported = await exportEntries(target, { notes, folders }, texts, relay.downloadAttachment, problems);
    const summary = `exported ${countOf(exported.notes, 'note')} and ${countOf(exported.attachments, 'attachment')} to ${target.description}`;
    return finish(summary, problems, 'not exported');
  } finally {
    await texts.close();
  }
}

async function exportEntries(
  target: ExportTarget,
  tree: { notes: readonly ApiNote[]; folders: readonly string[] },
  texts: NotesClient,
  download: (docId: string) => Promise<Response>,
  problems: TransferProblems,
): Promise<{ notes: number; attachments: number }> {
  const exported = { notes: 0, attachments: 0 };
  // Each entry on its own: a refusal is one file's problem; a lost relay or a broken .zip ends it all.
  const attempt = async (path: string, write: () => Promise<void>): Promise<boolean> => {
    // XFER11: the relay refuses such names now (PATH12), but a vault from before may hold one, and tools
    // act on them where the export lands (`git status` runs a `.git/config`'s fsmonitor).
    const dotName = refuseDotName(path);
    if (dotName) {
      problems.add(path, dotName.message);
      return false;
    }
    try {
      await write();
      return true;
    } catch (error) {
      if (isFatal(error)) throw error;
      problems.add(path, reasonOf(error));
      return false;
    }
  };
  try {
    for (const folder of tree.folders) await attempt(`${folder}/`, () => target.makeFolder(folder));
    for (const entry of [...tree.notes].sort((a, b) => a.path.localeCompare(b.path))) {
      const isNote = entryKindOf(entry.path) === 'note';
      const done = await attempt(entry.path, async () => {
        if (isNote) await target.writeNote(entry.path, await texts.read(entry.docId), entry.docId);
        else await target.writeAttachment(entry.path, bodyOf(await download(entry.docId)));
      });
      if (done && isNote) exported.notes++;
      else if (done) exported.attachments++;
    }
    await target.finish();
  } catch (error) {
    await target.abort();
    throw error;
  }
  return exported;
}

function bodyOf(response: Response): ReadableStream<Uint8Array> {
  if (!response.body) throw new Error('the relay sent no bytes');
  return response.body;
}
