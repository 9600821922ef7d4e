import { z } from 'zod';
import type { VaultOpKind } from '../vault/vaultOps';
import type { VaultOpErrorCode } from '../vault/vaultTypes';
import { VERSION_REASONS } from '../versions/versionReasons';
import { ISO_TIME } from './accessAnswers';

const OP_KINDS = [
  'createNote',
  'createAttachment',
  'moveNote',
  'trashNote',
  'restoreNote',
  'purgeNote',
  'emptyTrash',
  'createFolder',
  'moveFolder',
  'trashFolder',
] as const satisfies readonly VaultOpKind[];

const OP_ERROR_CODES = [
  'PATH_INVALID',
  'PATH_TAKEN',
  'NOTE_NOT_FOUND',
  'NOTE_IN_TRASH',
  'NOTE_NOT_IN_TRASH',
  'DOC_ID_RETIRED',
  'DOC_ID_UNAVAILABLE',
  'FOLDER_NOT_FOUND',
  'FOLDER_INTO_ITSELF',
  'FORBIDDEN',
] as const satisfies readonly VaultOpErrorCode[];

/** What one op came to (OP2), as answered and as kept in `vault_op.outcome` for replays (OP3). */
export const OP_OUTCOME = z.discriminatedUnion('ok', [
  z.object({
    opId: z.string(),
    ok: z.literal(true),
    kind: z.enum(OP_KINDS),
    docId: z.string().optional(),
    path: z.string().optional(),
    renamedFrom: z.string().optional(),
    count: z.int().min(0).optional(),
  }),
  z.object({
    opId: z.string(),
    ok: z.literal(false),
    kind: z.enum(OP_KINDS),
    code: z.enum(OP_ERROR_CODES),
    message: z.string(),
    rule: z.string().optional(),
  }),
]);

/** `POST /api/vaults/:vault/ops`: one outcome per op, in order, and the tree version after the batch. */
export const OPS_ANSWER = z.object({ version: z.int().min(0), results: z.array(OP_OUTCOME) });

/** A note of the tree or the trash; times are ms since the epoch. */
export const TREE_NOTE = z.object({
  docId: z.string(),
  path: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  deletedAt: z.number().nullable(),
  conflictOf: z.string().nullable(),
});

/** `GET /api/vaults/:vault/tree`: live notes and folders; `explicitFolders` are those made on purpose (FD1). */
export const TREE_ANSWER = z.object({
  version: z.int().min(0),
  notes: z.array(TREE_NOTE),
  folders: z.array(z.string()),
  explicitFolders: z.array(z.string()),
});

/** `GET /api/vaults/:vault/trash`. */
export const TRASH_ANSWER = z.object({ version: z.int().min(0), notes: z.array(TREE_NOTE) });

/** `GET /api/vaults/:vault/search`: pointers only, best first (SRCH3). */
export const SEARCH_ANSWER = z.object({
  results: z.array(
    z.object({ docId: z.string(), title: z.string(), path: z.string(), kind: z.string(), score: z.number() }),
  ),
});

/** `GET …/notes/:docId/backlinks`: readable live notes linking to the note, by path (BL2). */
export const BACKLINKS_ANSWER = z.object({
  backlinks: z.array(z.object({ docId: z.string(), path: z.string(), title: z.string() })),
  truncated: z.boolean(),
});

/**
 * One version's metadata (VC5). `reason` is any string: a newer relay may add a reason an older client has
 * no words for, and the version must still be listed. {@link VERSION_REASONS} are today's.
 */
export const VERSION_SUMMARY = z.object({
  id: z.string().min(1),
  reason: z.string(),
  capturedAt: ISO_TIME,
  length: z.int().min(0),
});

/** Today's reasons, for whoever wants to check one strictly. */
export const VERSION_REASON = z.enum(VERSION_REASONS);

/** `GET …/versions`: newest first, no texts. */
export const VERSION_LIST_ANSWER = z.object({ versions: z.array(VERSION_SUMMARY) });

/** `GET …/versions/:id`: the version with its plain text (DOC4). */
export const VERSION_DETAIL_ANSWER = z.object({ version: VERSION_SUMMARY.extend({ text: z.string() }) });

/** `POST …/versions`: the manual version kept, or none when the text equals the latest (VC4). */
export const VERSION_SAVED_ANSWER = z.union([
  z.object({ version: VERSION_SUMMARY }),
  z.object({ version: z.null(), unchanged: z.literal(true) }),
]);

/** `POST …/versions/:id/restore`: the version restored, and the `before-restore` one kept (null: VC4). */
export const VERSION_RESTORED_ANSWER = z.object({ restored: z.string(), captured: z.string().nullable() });
