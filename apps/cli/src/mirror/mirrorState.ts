import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { DOC_ID_LENGTH, docIdFromRandomBytes, type EntryKind } from '@baalda/core';
import { z } from 'zod';
import { CliError } from '../cliError';
import { writeFileAtomically } from '../files/atomicWrite';
import type { FileSignature } from './diskScan';
import type { MirrorLayout } from './mirrorLayout';

/**
 * One note or attachment the mirror keeps in step. Its pending tree ops are fields of the entry, each with
 * an op id made once and kept until the relay answers, so an op resent after a crash or a lost answer
 * replays instead of acting twice (OP3, MIR8).
 */
export interface MirrorEntry {
  readonly docId: string;
  readonly kind: EntryKind;
  /** Where its file is on disk (a vault path). */
  path: string;
  /** Where the relay has it, as last heard; null until its create or upload is answered. */
  relayPath: string | null;
  /** The file as last written or read; null until it is first written (a download under way). */
  disk: FileSignature | null;
  /** Notes: SHA-256 of the Markdown the file was last written from or agreed with. */
  renderedHash: string | null;
  /** When it was made here (a create's `createdAt`, CN2's date). */
  readonly createdAt: number;
  /** The create (note) or upload (attachment) was sent at least once: its answer may have been lost. */
  createSent: boolean;
  createOpId: string | null;
  /**
   * The path the pending create or upload asked for, kept with its op id: a resend after a lost answer
   * must be the same op, or the relay's replay of the first one (OP3) would undo a rename made meanwhile.
   */
  createPath: string | null;
  moveOpId: string | null;
  /** The path the pending move asked for, for the same reason. */
  movePath: string | null;
  /** Set when the file left the disk: the note goes to the trash. */
  trashOpId: string | null;
  /** A path the relay refused for it (CN4, PATH*): not asked again until the file moves elsewhere. */
  refusedPath: string | null;
}

/** Everything `.baalda/state.json` holds. */
export interface MirrorState {
  readonly vaultId: string;
  readonly relay: string;
  readonly entries: Map<string, MirrorEntry>;
}

const FORMAT = 1;

/** A new id shaped like a docId (OP1): used for notes, attachments and ops. */
export function newId(): string {
  return docIdFromRandomBytes(randomBytes(DOC_ID_LENGTH));
}

/** A new entry with nothing pending. */
export function newEntry(
  fields: Pick<MirrorEntry, 'docId' | 'kind' | 'path' | 'relayPath' | 'createdAt'>,
): MirrorEntry {
  return {
    ...fields,
    disk: null,
    renderedHash: null,
    createSent: false,
    createOpId: null,
    createPath: null,
    moveOpId: null,
    movePath: null,
    trashOpId: null,
    refusedPath: null,
  };
}

/** Reads the state of a folder mirrored before, or starts empty; a folder of another vault is refused. */
export async function loadState(
  layout: MirrorLayout,
  identity: { vaultId: string; relay: string },
): Promise<MirrorState> {
  const text = await readFile(layout.state, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (text === null) return { ...identity, entries: new Map() };
  const saved = parseState(text, layout);
  if (saved.vaultId !== identity.vaultId)
    throw new CliError(
      `${layout.root} mirrors vault "${saved.vaultId}", not "${identity.vaultId}"; use another folder.`,
    );
  const entries = new Map(saved.entries.map((entry) => [entry.docId, entry]));
  return { vaultId: saved.vaultId, relay: identity.relay, entries };
}

const ENTRY = z.object({
  docId: z.string(),
  kind: z.enum(['note', 'attachment']),
  path: z.string(),
  relayPath: z.string().nullable(),
  disk: z.object({ size: z.number(), mtimeMs: z.number(), hash: z.string() }).nullable(),
  renderedHash: z.string().nullable(),
  createdAt: z.number(),
  createSent: z.boolean(),
  createOpId: z.string().nullable(),
  // Older state files have no asked-for paths: a pending op asks for the entry's path, as it did then.
  createPath: z.string().nullable().default(null),
  moveOpId: z.string().nullable(),
  movePath: z.string().nullable().default(null),
  trashOpId: z.string().nullable(),
  refusedPath: z.string().nullable(),
}) satisfies z.ZodType<MirrorEntry>;

const STATE = z.object({ format: z.literal(FORMAT), vaultId: z.string(), entries: z.array(z.unknown()) });

function parseState(text: string, layout: MirrorLayout): { vaultId: string; entries: MirrorEntry[] } {
  let saved: z.infer<typeof STATE> | null = null;
  try {
    saved = STATE.safeParse(JSON.parse(text)).data ?? null;
  } catch {
    // Reported below: a state file written by this code is always whole (atomic writes).
  }
  if (saved === null)
    throw new CliError(`${layout.state} is not a mirror state this version can read; move it away to start afresh.`);
  // An entry this version can't read is left out, as before: the next pass finds its file anew.
  const entries = saved.entries.flatMap((entry) => ENTRY.safeParse(entry).data ?? []);
  return { vaultId: saved.vaultId, entries };
}

/** The state as saved, for comparing with what was saved last. */
export function serializeState(state: MirrorState): string {
  const entries = [...state.entries.values()];
  return `${JSON.stringify({ format: FORMAT, vaultId: state.vaultId, relay: state.relay, entries }, null, 1)}\n`;
}

/** Writes `.baalda/state.json` atomically (MIR8, MIR9). */
export async function saveState(layout: MirrorLayout, serialized: string): Promise<void> {
  await writeFileAtomically(layout.state, serialized, { tempDir: layout.tmp });
}

/** Entries whose file is on disk or on its way there (not those on their way to the trash). */
export function liveEntries(state: MirrorState): MirrorEntry[] {
  return [...state.entries.values()].filter((entry) => entry.trashOpId === null);
}

/** True when the relay does not yet have what this entry says: a create, a move or a trash is pending. */
export function hasPendingOp(entry: MirrorEntry): boolean {
  return wantsCreate(entry) || wantsMove(entry) || entry.trashOpId !== null;
}

/** True when the entry is new here and the relay must still create it (unless it refused its path). */
export function wantsCreate(entry: MirrorEntry): boolean {
  return entry.relayPath === null && entry.trashOpId === null && !isPathRefused(entry);
}

/** True when the file moved on disk to a path the relay has not been asked for (or refused). */
export function wantsMove(entry: MirrorEntry): boolean {
  if (entry.relayPath === null || entry.trashOpId !== null || isPathRefused(entry)) return false;
  return entry.path.normalize('NFC') !== entry.relayPath;
}

function isPathRefused(entry: MirrorEntry): boolean {
  return entry.refusedPath !== null && entry.refusedPath === entry.path.normalize('NFC');
}
