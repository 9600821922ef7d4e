import { readFile } from 'node:fs/promises';
import { documentContentOfMarkdown, entryKindOf, MCP_LIMITS, markdownOfBlocks, pathKey } from '@baalda/core';
import type { ApiNote } from '../relayClient';
import { BAALDA_ID_KEY, takeBaaldaId } from './baaldaId';
import type { PlannedFile } from './importPaths';
import type { NotesClient } from './notesClient';
import type { TransferProblems } from './transferProblems';

/** The vault's live entries by docId and by path key, and those this import has already matched. */
export interface VaultIndex {
  readonly byId: ReadonlyMap<string, ApiNote>;
  readonly byKey: ReadonlyMap<string, ApiNote>;
  readonly claimed: Set<string>;
}

/** What importing one Markdown file did to the vault. */
export type NoteOutcome = 'new' | 'updated' | 'unchanged';

// A note's text in one write is at most MCP_LIMITS.maxTextChars characters, never more than 4 bytes each.
const MAX_NOTE_BYTES = 4 * MCP_LIMITS.maxTextChars;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

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

/**
 * XFER7: the vault note each file updates, or null for a new note. First every file whose `baalda_id`
 * names a live note of the vault takes that note, wherever it now is; then the others take the note at
 * their path. A note goes to one file only; a file whose path holds a note another file took by its id
 * is refused (import never moves or renames a note).
 */
export function matchNotes(
  files: ReadonlyMap<PlannedFile, string | null>,
  vault: VaultIndex,
  problems: TransferProblems,
): Map<PlannedFile, ApiNote | null> {
  const matches = new Map<PlannedFile, ApiNote | null>();
  const claim = (file: PlannedFile, note: ApiNote) => {
    vault.claimed.add(note.docId);
    matches.set(file, note);
  };
  for (const [file, docId] of files) {
    const note = docId === null ? undefined : vault.byId.get(docId);
    if (note && isNote(note) && !vault.claimed.has(note.docId)) claim(file, note);
  }
  for (const file of files.keys()) {
    if (matches.has(file)) continue;
    const note = vault.byKey.get(pathKey(file.path));
    if (note && vault.claimed.has(note.docId)) {
      problems.add(file.relative, `PATH_EXISTS: ${note.path} is the note another file names by its ${BAALDA_ID_KEY}`);
    } else if (note) {
      claim(file, note);
    } else {
      matches.set(file, null);
    }
  }
  return matches;
}

/**
 * XFER7: the file's Markdown (its `baalda_id` removed) into its note: created when it has none, written
 * with `update_note` (a minimal diff on the live document) only when it would change the note's text.
 */
export async function importNote(file: PlannedFile, note: ApiNote | null, texts: NotesClient): Promise<NoteOutcome> {
  const { markdown } = takeBaaldaId(await readNoteFile(file));
  if (!note) {
    await texts.create(file.path, markdown);
    return 'new';
  }
  if ((await texts.read(note.docId)) === markdownOfBlocks(documentContentOfMarkdown(markdown))) return 'unchanged';
  await texts.update(note.docId, markdown);
  return 'updated';
}

function isNote(entry: ApiNote): boolean {
  return entryKindOf(entry.path) === 'note';
}
