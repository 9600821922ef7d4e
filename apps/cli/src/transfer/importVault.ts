import { randomBytes } from 'node:crypto';
import { docIdFromRandomBytes, type LinkableEntry, pathKey, validateFolderPath } from '@baalda/core';
import { CliError, EXIT } from '../cliError';
import type { CommandInput } from '../commandTypes';
import { optionOf } from '../inputChecks';
import { progressLines } from '../progressLines';
import type { RelayClient } from '../relayClient';
import { takeBaaldaId } from './baaldaId';
import { type AttachmentOutcome, importAttachment } from './importAttachments';
import { type ImportLinks, importLinksOf } from './importLinks';
import {
  createNotes,
  type ImportScope,
  idsInside,
  importNoteText,
  indexVault,
  matchNotes,
  type NoteOutcome,
  type NoteTarget,
  readNoteFile,
  type VaultIndex,
} from './importNotes';
import { type PlannedFile, planPaths } from './importPaths';
import { scanSource } from './importScan';
import { readNoteIds } from './noteIds';
import { connectNotes, type NotesClient } from './notesClient';
import { collectProblems, countOf, finish, isFatal, reasonOf, type TransferProblems } from './transferProblems';

/**
 * `import <dir> [--into <folder>]` (XFER4–XFER8, XFER12): a folder of Markdown and other files — an Obsidian vault,
 * an earlier export — into the vault with its tree, adding nothing twice when imported again.
 */
export async function runImport(input: CommandInput): Promise<string> {
  const into = intoFolderOf(input);
  const relay = input.relay();
  const source = input.args[0] ?? '';
  const scanned = await scanSource(source);
  const exported = await readNoteIds(source);
  if (exported.warning) input.note(`warning: ${exported.warning} (XFER7)`);
  const problems = collectProblems('skipped', input.note);
  for (const entry of scanned.unsupported) problems.add(entry, 'only files and folders are imported');
  const { files, folders } = planPaths(scanned, into, problems);
  const vault = indexVault((await relay.tree()).notes);
  const texts = await connectNotes(relay, input.note);
  try {
    if (!texts.writable)
      throw new CliError('READ_ONLY: this token may only read; import needs one that may write.', EXIT.refused);
    // LNK3: every entry of the import exists (and has its docId) before the first text is written, so a
    // link resolves whichever of its files came first.
    const scope = { vault, into, warn: input.note };
    const notes = await placeNotes(files, { ...scope, exportedIds: exported.ids }, relay, problems);
    const attachments = await importAttachments(
      files,
      vault,
      relay,
      problems,
      progressLines(input.note, 'attachments imported'),
    );
    const links = importLinksOf([...notes.entries, ...attachments.entries], (await relay.tree()).notes);
    const notesDone = await importTexts(
      notes.result,
      texts,
      links,
      problems,
      progressLines(input.note, 'notes imported'),
    );
    await createFolders(folders, relay, problems);
    return finish(`imported ${notesDone} and ${attachments.result} from ${source}`, problems, 'skipped');
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

/** What a step of an import did (`result`), and the files it carried: their docIds by their paths in the folder. */
interface Carried<T> {
  readonly entries: LinkableEntry[];
  readonly result: T;
}

// XFER7: each Markdown file's note, matched or made new (empty). Every id is known before any note is
// matched by path, so each file is read once for its id only, keeping memory to one file at a time. An
// id from `.baalda-ids.json` (by the file's path in the folder, not in the vault) comes before one from a
// file's own `baalda_id` line, written by older exports. XFER12: only ids of notes inside `--into` count.
async function placeNotes(
  files: readonly PlannedFile[],
  known: ImportScope & { exportedIds: ReadonlyMap<string, string> },
  relay: RelayClient,
  problems: TransferProblems,
): Promise<Carried<Map<PlannedFile, NoteTarget>>> {
  const ids = new Map<PlannedFile, string[]>();
  for (const file of files.filter((candidate) => candidate.kind === 'note')) {
    await attempt(file, problems, async () => {
      const inFile = takeBaaldaId(await readNoteFile(file)).docId;
      ids.set(file, idsInside(file, [known.exportedIds.get(pathKey(file.relative)), inFile].filter(isPresent), known));
    });
  }
  const matched = matchNotes(ids, known.vault, problems);
  const unmatched = [...matched].flatMap(([file, note]) => (note ? [] : [file]));
  const created = await createNotes(unmatched, relay, problems);
  const targets = new Map<PlannedFile, NoteTarget>();
  for (const [file, note] of matched) {
    const target = note ? { docId: note.docId, isNew: false } : created.get(file);
    if (target) targets.set(file, target);
  }
  const entries = [...targets].map(([file, { docId }]) => ({ docId, path: file.relative }));
  return { entries, result: targets };
}

async function importTexts(
  targets: ReadonlyMap<PlannedFile, NoteTarget>,
  texts: NotesClient,
  links: ImportLinks,
  problems: TransferProblems,
  progress: (done: number, total: number) => void,
): Promise<string> {
  const outcomes: NoteOutcome[] = [];
  for (const [index, [file, target]] of [...targets].entries()) {
    await attempt(file, problems, async () => outcomes.push(await importNoteText(file, target, texts, links)));
    progress(index + 1, targets.size);
  }
  return `${countOf(outcomes.length, 'note')}${breakdown(outcomes, ['new', 'updated', 'unchanged'])}`;
}

async function importAttachments(
  files: readonly PlannedFile[],
  vault: VaultIndex,
  relay: RelayClient,
  problems: TransferProblems,
  progress: (done: number, total: number) => void,
): Promise<Carried<string>> {
  const outcomes: AttachmentOutcome[] = [];
  const entries: LinkableEntry[] = [];
  const attachments = files.filter((candidate) => candidate.kind === 'attachment');
  for (const [index, file] of attachments.entries()) {
    await attempt(file, problems, async () => {
      const { outcome, docId } = await importAttachment(file, vault, relay);
      outcomes.push(outcome);
      entries.push({ docId, path: file.relative });
    });
    progress(index + 1, attachments.length);
  }
  const summary = `${countOf(outcomes.length, 'attachment')}${breakdown(outcomes, ['new', 'replaced', 'unchanged'])}`;
  return { entries, result: summary };
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

function isPresent(docId: string | null | undefined): docId is string {
  return typeof docId === 'string';
}

// ` (3 new, 1 unchanged)`: the outcomes that happened, in a fixed order.
function breakdown<T extends string>(outcomes: readonly T[], order: readonly T[]): string {
  const parts = order.flatMap((kind) => {
    const count = outcomes.filter((outcome) => outcome === kind).length;
    return count ? [`${count} ${kind}`] : [];
  });
  return parts.length ? ` (${parts.join(', ')})` : '';
}
