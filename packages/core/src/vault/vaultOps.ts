import { isValidDocId } from '../documents/documentName';
import { LIMITS } from '../limits/limits';
import { type Failure, fail, type Result } from '../result';

/** Creates a note at `path`; it may be renamed on collision (CN1). */
export interface CreateNoteOp {
  readonly opId: string;
  readonly kind: 'createNote';
  readonly docId: string;
  readonly path: string;
  /** When the note was created on its client (ms); names the conflict date (CN2). */
  readonly createdAt: number;
}
/**
 * Creates an attachment's entry at `path` (PATH11), renamed on collision like a note (CN1). Only the relay
 * makes this op, once the file's bytes are stored (ATT2): clients upload files, they can't send it.
 */
export interface CreateAttachmentOp {
  readonly opId: string;
  readonly kind: 'createAttachment';
  readonly docId: string;
  readonly path: string;
  readonly createdAt: number;
}
/** Renames and/or moves a note or an attachment (keeping its kind, PATH11); refused when the target is taken (CN4). */
export interface MoveNoteOp {
  readonly opId: string;
  readonly kind: 'moveNote';
  readonly docId: string;
  readonly path: string;
}
/** Moves a live note to the trash (TR1). */
export interface TrashNoteOp {
  readonly opId: string;
  readonly kind: 'trashNote';
  readonly docId: string;
}
/** Brings a note back from the trash (TR2). */
export interface RestoreNoteOp {
  readonly opId: string;
  readonly kind: 'restoreNote';
  readonly docId: string;
}
/** Deletes a trashed note for good (TR3). */
export interface PurgeNoteOp {
  readonly opId: string;
  readonly kind: 'purgeNote';
  readonly docId: string;
}
/** Deletes every trashed note for good (TR3). */
export interface EmptyTrashOp {
  readonly opId: string;
  readonly kind: 'emptyTrash';
}
/** Creates an empty folder (FD1). */
export interface CreateFolderOp {
  readonly opId: string;
  readonly kind: 'createFolder';
  readonly path: string;
}
/** Renames or moves a folder with everything in it (FD2). */
export interface MoveFolderOp {
  readonly opId: string;
  readonly kind: 'moveFolder';
  readonly path: string;
  readonly newPath: string;
}
/** Moves every note in a folder to the trash and removes the folder (FD3). */
export interface TrashFolderOp {
  readonly opId: string;
  readonly kind: 'trashFolder';
  readonly path: string;
}

/** Everything a client can ask of a vault's tree. */
export type VaultOp =
  | CreateNoteOp
  | CreateAttachmentOp
  | MoveNoteOp
  | TrashNoteOp
  | RestoreNoteOp
  | PurgeNoteOp
  | EmptyTrashOp
  | CreateFolderOp
  | MoveFolderOp
  | TrashFolderOp;

/** The kinds of {@link VaultOp}. */
export type VaultOpKind = VaultOp['kind'];

/** The ops a client may send (OP1): all but the relay's own `createAttachment`. */
export type ClientVaultOpKind = Exclude<VaultOpKind, 'createAttachment'>;

const FIELDS: Record<ClientVaultOpKind, ReadonlyArray<'docId' | 'path' | 'newPath' | 'createdAt'>> = {
  createNote: ['docId', 'path', 'createdAt'],
  moveNote: ['docId', 'path'],
  trashNote: ['docId'],
  restoreNote: ['docId'],
  purgeNote: ['docId'],
  emptyTrash: [],
  createFolder: ['path'],
  moveFolder: ['path', 'newPath'],
  trashFolder: ['path'],
};

// OP1: op ids share the shape of doc ids, so a client makes them the same way.
const isOpId = isValidDocId;

/**
 * OP1: checks the shape of one untrusted op (not its paths: planning checks those and names the rule).
 * `now` bounds `createdAt` like REG2.
 */
export function parseVaultOp(input: unknown, now: number): Result<{ op: VaultOp }, 'OP_INVALID'> {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return invalid('An op must be a JSON object.');
  const record = input as Record<string, unknown>;
  const kind = record.kind;
  if (typeof kind !== 'string' || !(kind in FIELDS)) {
    return invalid(`kind must be one of ${Object.keys(FIELDS).join(', ')}.`);
  }
  if (typeof record.opId !== 'string' || !isOpId(record.opId)) {
    return invalid('opId must be 16–64 characters of A–Z, a–z, 0–9, "_" or "-".');
  }
  for (const field of FIELDS[kind as ClientVaultOpKind]) {
    const problem = checkField(field, record[field], now);
    if (problem) return invalid(`${kind}: ${problem}`);
  }
  return { ok: true, op: pick(record, kind as ClientVaultOpKind) };
}

function checkField(field: 'docId' | 'path' | 'newPath' | 'createdAt', value: unknown, now: number): string | null {
  if (field === 'docId') return typeof value === 'string' && isValidDocId(value) ? null : 'docId is not a note id.';
  if (field === 'createdAt') {
    const earliest = Date.UTC(2020, 0, 1);
    const latest = now + 24 * 60 * 60 * 1000;
    const fine = typeof value === 'number' && Number.isInteger(value) && value >= earliest && value <= latest;
    return fine ? null : 'createdAt must be integer ms between 2020-01-01 and one day past the relay clock.';
  }
  return typeof value === 'string' ? null : `${field} must be a string.`;
}

function pick(record: Record<string, unknown>, kind: ClientVaultOpKind): VaultOp {
  const op: Record<string, unknown> = { opId: record.opId, kind };
  for (const field of FIELDS[kind]) op[field] = record[field];
  return op as unknown as VaultOp;
}

function invalid(message: string): Failure<'OP_INVALID'> {
  return fail('OP_INVALID', message);
}

/** OP2/LIM7: checks a batch `{ ops: [...] }`; the batch is refused whole if any op is malformed. */
export function parseVaultOpBatch(input: unknown, now: number): Result<{ ops: VaultOp[] }, 'OP_INVALID'> {
  const ops = (input as { ops?: unknown } | null)?.ops;
  if (!Array.isArray(ops) || ops.length === 0) return invalid('Body must be {"ops": [ ... ]} with at least one op.');
  if (ops.length > LIMITS.maxOpsPerBatch) return invalid(`At most ${LIMITS.maxOpsPerBatch} ops per batch.`);
  const parsed: VaultOp[] = [];
  for (const [index, candidate] of ops.entries()) {
    const result = parseVaultOp(candidate, now);
    if (!result.ok) return invalid(`ops[${index}]: ${result.message}`);
    parsed.push(result.op);
  }
  return { ok: true, ops: parsed };
}
