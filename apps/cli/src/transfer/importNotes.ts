import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  DOC_ID_LENGTH,
  docIdFromRandomBytes,
  entryKindOf,
  isInsideFolder,
  LIMITS,
  MCP_LIMITS,
  type OpOutcome,
  pathKey,
  type VaultOp,
} from '@baalda/core';
import { documentContentOfMarkdown, markdownOfBlocks } from '@baalda/markdown';
import type { ApiNote, RelayClient } from '../relayClient';
import { takeBaaldaId } from './baaldaId';
import type { ImportLinks } from './importLinks';
import type { PlannedFile } from './importPaths';
import type { NotesClient } from './notesClient';
import { isFatal, reasonOf, type TransferProblems } from './transferProblems';

/** The vault's live entries by docId and by path key, and those this import has already matched. */
export interface VaultIndex {
  readonly byId: ReadonlyMap<string, ApiNote>;
  readonly byKey: ReadonlyMap<string, ApiNote>;
  readonly claimed: Set<string>;
}

// A note's text in one write is at most MCP_LIMITS.maxTextChars characters, never more than 4 bytes each.
const MAX_NOTE_BYTES = 4 * MCP_LIMITS.maxTextChars;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const newId = () => docIdFromRandomBytes(randomBytes(DOC_ID_LENGTH));

/** Indexes the tree's live entries (notes and attachments) for matching. */
export function indexVault(entries: readonly ApiNote[]): VaultIndex {
  return {
    byId: new Map(entries.map((entry) => [entry.docId, entry])),
    byKey: new Map(entries.map((entry) => [pathKey(entry.path), entry])),
    claimed: new Set(),
  };
}

/**
 * XFER6: a Markdown file's text, or an Error saying why it can't be a note: too large for one write, not
 * UTF-8, or binary (NUL bytes). A byte order mark is dropped.
 */
export async function readNoteFile(file: PlannedFile): Promise<string> {
  if (file.size > MAX_NOTE_BYTES)
    throw new Error(`TOO_LARGE: ${file.size} bytes; a note holds at most 1,000,000 characters`);
  let text: string;
  try {
    text = strictUtf8.decode(await readFile(file.file));
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new Error('not UTF-8 text, so not a Markdown note');
  }
  if (text.includes('\0')) throw new Error('binary data (NUL bytes), not a Markdown note');
  if (text.length > MCP_LIMITS.maxTextChars) throw new Error('TOO_LARGE: a note holds at most 1,000,000 characters');
  return text;
}

/** Where an import may change notes: inside `into` ('' for the whole vault), as the token's tree shows it. */
export interface ImportScope {
  readonly vault: VaultIndex;
  readonly into: string;
  /** Where a warning line goes (stderr); warnings don't change the exit code. */
  readonly warn: (line: string) => void;
}

/**
 * XFER12: of a file's candidate docIds, those that may take a note: an id naming a live entry outside
 * `--into` is dropped with one warning line, so a file in a folder someone handed over can't overwrite a
 * note elsewhere in the vault by naming its id; the file is then matched by its path, or made new. An id
 * the tree doesn't show is kept (matching ignores it, and saying so would tell what the token can't see).
 * @example idsInside(file, [budgetId], { vault, into: 'Downloads', warn }) // [] (Budget is in Finance/)
 */
export function idsInside(file: PlannedFile, ids: readonly string[], scope: ImportScope): string[] {
  return [...new Set(ids)].filter((docId) => {
    const entry = scope.vault.byId.get(docId);
    if (!entry || scope.into === '' || isInsideFolder(entry.path, scope.into)) return true;
    scope.warn(
      `warning: ${file.relative} names the note ${entry.path} by its id, outside ${scope.into}; that id is ignored (XFER12)`,
    );
    return false;
  });
}

/**
 * XFER7: the vault note each file updates, or null for a new note. `files` gives each file's candidate
 * docIds, most trusted first (`.baalda-ids.json`, then a `baalda_id` line). Rank by rank, each file takes
 * the first candidate that is a live note of the vault no other file took, wherever that note now is; then
 * the others take the note at their path. A note goes to one file only; a file whose path holds a note
 * another file took by its id is refused (import never moves or renames a note). The vault index holds
 * only what the token's tree shows (ACL2), and import has checked the token may write (READ_ONLY), so a
 * note taken here is one the person may write.
 */
export function matchNotes(
  files: ReadonlyMap<PlannedFile, readonly string[]>,
  vault: VaultIndex,
  problems: TransferProblems,
): Map<PlannedFile, ApiNote | null> {
  const matches = new Map<PlannedFile, ApiNote | null>();
  const claim = (file: PlannedFile, note: ApiNote) => {
    vault.claimed.add(note.docId);
    matches.set(file, note);
  };
  const ranks = [...files.values()].reduce((most, ids) => Math.max(most, ids.length), 0);
  for (let rank = 0; rank < ranks; rank++) {
    for (const [file, ids] of files) {
      if (matches.has(file)) continue;
      const note = vault.byId.get(ids[rank] ?? '');
      if (note && isNote(note) && !vault.claimed.has(note.docId)) claim(file, note);
    }
  }
  for (const file of files.keys()) {
    if (matches.has(file)) continue;
    const note = vault.byKey.get(pathKey(file.path));
    if (note && vault.claimed.has(note.docId)) {
      problems.add(file.relative, `PATH_EXISTS: ${note.path} is the note another file names by its id`);
    } else if (note) {
      claim(file, note);
    } else {
      matches.set(file, null);
    }
  }
  return matches;
}

/** A note file's place in the vault: the note it updates, or the new note made for it (`isNew`). */
export interface NoteTarget {
  readonly docId: string;
  readonly isNew: boolean;
}

/**
 * XFER7: a new, empty note for each file no note matched, in batches of LIM7 ops, with docIds made here,
 * so that every note of the import exists before any text is written and links between them resolve
 * (LNK3). A refused create is the file's problem; a batch refused whole is sent again op by op.
 */
export async function createNotes(
  files: readonly PlannedFile[],
  relay: RelayClient,
  problems: TransferProblems,
): Promise<Map<PlannedFile, NoteTarget>> {
  const created = new Map<PlannedFile, NoteTarget>();
  const planned = files.map((file) => ({ file, op: createOpOf(file) }));
  for (let start = 0; start < planned.length; start += LIMITS.maxOpsPerBatch) {
    const batch = planned.slice(start, start + LIMITS.maxOpsPerBatch);
    for (const { file, op, outcome } of await applyBatch(batch, relay)) {
      if (outcome instanceof Error) problems.add(file.relative, reasonOf(outcome));
      else if (!outcome.ok) problems.add(file.relative, `${outcome.code}: ${outcome.message}`);
      else created.set(file, { docId: op.docId, isNew: true });
    }
  }
  return created;
}

type CreateOp = Extract<VaultOp, { kind: 'createNote' }>;
type Planned = { file: PlannedFile; op: CreateOp };

function createOpOf(file: PlannedFile): CreateOp {
  return { opId: newId(), kind: 'createNote', docId: newId(), path: file.path, createdAt: Date.now() };
}

// OP2: a batch the relay finds malformed is refused whole; one op at a time, only the bad one is.
async function applyBatch(
  batch: readonly Planned[],
  relay: RelayClient,
): Promise<Array<Planned & { outcome: OpOutcome | Error }>> {
  try {
    const outcomes = await relay.applyOps(batch.map(({ op }) => op));
    return batch.map((planned, index) => ({ ...planned, outcome: outcomes[index] as OpOutcome }));
  } catch (error) {
    if (isFatal(error)) throw error;
    const [only] = batch;
    if (only && batch.length === 1)
      return [{ ...only, outcome: error instanceof Error ? error : new Error(String(error)) }];
    const outcomes = [];
    for (const planned of batch) outcomes.push(...(await applyBatch([planned], relay)));
    return outcomes;
  }
}

/** What importing one Markdown file's text did to its note. */
export type NoteOutcome = 'new' | 'updated' | 'unchanged';

/**
 * XFER7: the file's Markdown (an older export's `baalda_id` line removed) into its note with `update_note`
 * (a minimal diff on the live document), for a note that isn't new only when it would change the note's
 * text. Its links are read as the import knows them (`links.read`) and sent as typed, or by the vault's
 * name for their entry where the vault reads a typed name otherwise (LNK3); what is sent is what the note
 * then reads as, so it is also what the note is compared with.
 */
export async function importNoteText(
  file: PlannedFile,
  target: NoteTarget,
  texts: NotesClient,
  links: ImportLinks,
): Promise<NoteOutcome> {
  const blocks = documentContentOfMarkdown(takeBaaldaId(await readNoteFile(file)).markdown, links.read);
  const markdown = markdownOfBlocks(blocks, links.sent);
  if (target.isNew) {
    if (blocks.length > 0) await texts.update(target.docId, markdown);
    return 'new';
  }
  if ((await texts.read(target.docId)) === markdown) return 'unchanged';
  await texts.update(target.docId, markdown);
  return 'updated';
}

function isNote(entry: ApiNote): boolean {
  return entryKindOf(entry.path) === 'note';
}
