import { randomBytes } from 'node:crypto';
import { docIdFromRandomBytes, validateFolderPath } from '@baalda/core';
import { CliError, EXIT } from '../cliError';
import type { CommandInput } from '../commandTypes';
import { optionOf } from '../inputChecks';
import { progressLines } from '../progressLines';
import type { RelayClient } from '../relayClient';
import { takeBaaldaId } from './baaldaId';
import { type AttachmentOutcome, importAttachment } from './importAttachments';
import { importNote, indexVault, matchNotes, type NoteOutcome, readNoteFile, type VaultIndex } from './importNotes';
import { type PlannedFile, planPaths } from './importPaths';
import { scanSource } from './importScan';
import { connectNotes, type NotesClient } from './notesClient';
import { collectProblems, countOf, finish, isFatal, reasonOf, type TransferProblems } from './transferProblems';

/**
 * `import <dir> [--into <folder>]` (XFER4–XFER8): a folder of Markdown and other files — an Obsidian vault,
 * an earlier export — into the vault with its tree, adding nothing twice when imported again.
 */
export async function runImport(input: CommandInput): Promise<string> {
  const into = intoFolderOf(input);
  const relay = input.relay();
  const source = input.args[0] ?? '';
  const scanned = await scanSource(source);
  const problems = collectProblems('skipped', input.note);
  for (const entry of scanned.unsupported) problems.add(entry, 'only files and folders are imported');
  const { files, folders } = planPaths(scanned, into, problems);
  const vault = indexVault((await relay.tree()).notes);
  const texts = await connectNotes(relay, input.note);
  try {
    if (!texts.writable)
      throw new CliError('READ_ONLY: this token may only read; import needs one that may write.', EXIT.refused);
    const notes = await importNotes(files, vault, texts, problems, progressLines(input.note, 'notes imported'));
    const attachments = await importAttachments(
      files,
      vault,
      relay,
      problems,
      progressLines(input.note, 'attachments imported'),
    );
    await createFolders(folders, relay, problems);
    return finish(`imported ${notes} and ${attachments} from ${source}`, problems, 'skipped');
  } finally {
    await texts.close();
  }
}

function intoFolderOf(input: CommandInput): string {
  const into = optionOf(input, '--into');
  if (into === undefined) return '';
  const checked = validateFolderPath(into.replace(/^\/+|\/+$/g, ''));
  if (!checked.ok) throw new CliError(`--into: ${checked.message}`);
  return checked.path;
}

async function importNotes(
  files: readonly PlannedFile[],
  vault: VaultIndex,
  texts: NotesClient,
  problems: TransferProblems,
  progress: (done: number, total: number) => void,
): Promise<string> {
  // Every id is known before any note is matched by path (XFER7), so each file is read twice: first for
  // its id only, keeping memory to one file at a time.
  const ids = new Map<PlannedFile, string | null>();
  for (const file of files.filter((candidate) => candidate.kind === 'note')) {
    await attempt(file, problems, async () => ids.set(file, takeBaaldaId(await readNoteFile(file)).docId));
  }
  const outcomes: NoteOutcome[] = [];
  const matched = [...matchNotes(ids, vault, problems)];
  for (const [index, [file, note]] of matched.entries()) {
    await attempt(file, problems, async () => outcomes.push(await importNote(file, note, texts)));
    progress(index + 1, matched.length);
  }
  return `${countOf(outcomes.length, 'note')}${breakdown(outcomes, ['new', 'updated', 'unchanged'])}`;
}

async function importAttachments(
  files: readonly PlannedFile[],
  vault: VaultIndex,
  relay: RelayClient,
  problems: TransferProblems,
  progress: (done: number, total: number) => void,
): Promise<string> {
  const outcomes: AttachmentOutcome[] = [];
  const attachments = files.filter((candidate) => candidate.kind === 'attachment');
  for (const [index, file] of attachments.entries()) {
    await attempt(file, problems, async () => outcomes.push(await importAttachment(file, vault, relay)));
    progress(index + 1, attachments.length);
  }
  return `${countOf(outcomes.length, 'attachment')}${breakdown(outcomes, ['new', 'replaced', 'unchanged'])}`;
}

// FD1: only empty folders need creating (the others come with their files); an existing one is a no-op.
async function createFolders(
  folders: readonly string[],
  relay: RelayClient,
  problems: TransferProblems,
): Promise<void> {
  for (const path of folders) {
    const opId = docIdFromRandomBytes(randomBytes(21));
    await attempt({ relative: `${path}/` }, problems, async () => {
      const outcome = await relay.apply({ opId, kind: 'createFolder', path });
      if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
    });
  }
}

// One file's refusal is reported and the import goes on; a lost relay or token ends it.
async function attempt(
  file: { relative: string },
  problems: TransferProblems,
  work: () => Promise<unknown>,
): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (isFatal(error)) throw error;
    problems.add(file.relative, reasonOf(error));
  }
}

// ` (3 new, 1 unchanged)`: the outcomes that happened, in a fixed order.
function breakdown<T extends string>(outcomes: readonly T[], order: readonly T[]): string {
  const parts = order.flatMap((kind) => {
    const count = outcomes.filter((outcome) => outcome === kind).length;
    return count ? [`${count} ${kind}`] : [];
  });
  return parts.length ? ` (${parts.join(', ')})` : '';
}
