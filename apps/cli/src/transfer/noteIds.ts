import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathKey } from '@baalda/core';
import { z } from 'zod';
import { DOC_ID_CHARS } from './baaldaId';

/**
 * The file an export leaves at its top beside its manifest (XFER2): the docId of every note it wrote, by
 * the file's path relative to that top (`/` between names). The ids live here, not in the notes, so each
 * note's file is its Markdown byte for byte. Import reads it to find the notes again (XFER7); as a dotfile
 * it is never imported itself (XFER4). Not in `.baalda/`: that folder is a mirror's own (MIR1).
 */
export const NOTE_IDS_NAME = '.baalda-ids.json';

// Checked whole, like the manifest: a hand-edited or damaged file is ignored rather than half believed.
const NOTE_IDS = z.object({
  format: z.literal('baalda-ids'),
  version: z.literal(1),
  notes: z.record(z.string().min(1), z.string().regex(new RegExp(`^${DOC_ID_CHARS}$`), 'not a docId')),
});

/** What `.baalda-ids.json` holds. */
export type NoteIdsFile = z.infer<typeof NOTE_IDS>;

/**
 * The text of `.baalda-ids.json` for `ids` (file path → docId), two-space indented, paths sorted by code
 * unit (not by locale, which differs between machines), so an unchanged vault exports the same bytes.
 * @example noteIdsText(new Map([['Plan.md', id]])) // { "format": "baalda-ids", "version": 1, "notes": { "Plan.md": id } }
 */
export function noteIdsText(ids: ReadonlyMap<string, string>): string {
  const byCodeUnit = ([a]: [string, string], [b]: [string, string]) => (a < b ? -1 : a > b ? 1 : 0);
  const notes = Object.fromEntries([...ids].sort(byCodeUnit));
  const file: NoteIdsFile = { format: 'baalda-ids', version: 1, notes };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** The ids of a `.baalda-ids.json` by path key (PATH9), or why the text is not one. */
export type NoteIdsRead = { ok: true; ids: Map<string, string> } | { ok: false; reason: string };

/** Parses `.baalda-ids.json`. Two paths with one path key are refused: which id is meant can't be known. */
export function parseNoteIds(text: string): NoteIdsRead {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `not JSON: ${messageOf(error)}` };
  }
  const parsed = NOTE_IDS.safeParse(value);
  if (!parsed.success) return { ok: false, reason: reasonOf(parsed.error) };
  const ids = new Map<string, string>();
  for (const [path, docId] of Object.entries(parsed.data.notes)) {
    if (ids.has(pathKey(path))) return { ok: false, reason: `"${path}" is listed twice (paths ignore case)` };
    ids.set(pathKey(path), docId);
  }
  return { ok: true, ids };
}

/**
 * The ids of the `.baalda-ids.json` at the top of `root`: none when there is no such file, and a warning
 * besides when there is one that can't be read, so import goes on matching by path.
 */
export async function readNoteIds(root: string): Promise<{ ids: Map<string, string>; warning: string | null }> {
  const read = await readIdsFile(join(root, NOTE_IDS_NAME));
  if (read === null) return { ids: new Map(), warning: null };
  if (read.ok) return { ids: read.ids, warning: null };
  return { ids: new Map(), warning: `${NOTE_IDS_NAME} ignored (${read.reason}); notes are matched by path instead` };
}

// Null when there is no such file. Like import's other files, a link is never followed (XFER4).
async function readIdsFile(file: string): Promise<NoteIdsRead | null> {
  const info = await lstat(file).catch(() => null);
  if (!info) return null;
  if (!info.isFile()) return { ok: false, reason: 'not a regular file' };
  try {
    return parseNoteIds((await readFile(file, 'utf8')).replace(/^\uFEFF/, ''));
  } catch (error) {
    return { ok: false, reason: `not readable: ${messageOf(error)}` };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// The first problem, where it is: `notes["Plan.md"]: not a docId`.
function reasonOf(error: z.ZodError): string {
  const [issue] = error.issues;
  if (!issue) return 'not an ids file';
  const where = issue.path.map((key, index) => (index === 0 ? String(key) : `[${JSON.stringify(key)}]`)).join('');
  return where ? `${where}: ${issue.message}` : issue.message;
}
