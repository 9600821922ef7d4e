import {
  callerVaultView,
  describeSchemaError,
  hiddenFolderRefusal,
  mayApplyChange,
  OP_OUTCOME,
  type OpOutcome,
  pathKey,
  pathsAnOpWrites,
  planVaultOp,
  titleFromPath,
  type VaultChange,
  type VaultNote,
  type VaultOp,
} from '@baalda/core';
import { moveRestrictions } from '../access/restrictionStore';
import type { VaultGuard } from '../access/vaultGuard';
import { outsideHiddenFolders } from '../db/hiddenFolderSql';
import type { Prisma, PrismaClient } from '../generated/prisma/client';
import type { IndexPlacementListener } from '../search/searchIndexes';
import { applyVaultChange, changesSomething, purgeNotes } from './applyVaultChange';
import { createKeyedMutex } from './keyedMutex';
import { createPrismaVaultView, toVaultNote } from './prismaVaultView';

/** A note as the tree API shows it. */
export type TreeNote = VaultNote & { readonly title: string };

/** The tree a client sees (live notes and folders), with the version it reflects. */
export interface TreeSnapshot {
  readonly version: number;
  readonly notes: TreeNote[];
  readonly folders: string[];
  /** The folders created explicitly (FD1); `folders` adds those that exist because a note lies in them. */
  readonly explicitFolders: string[];
}

/** Applies tree ops and reads trees; the one writer of the `note`, `folder` and `vault_op` tables. */
export interface VaultService {
  /** Applies ops as the caller (ACL7): `guard` decides what it may read and change; none = the relay itself. */
  applyOps(
    vaultId: string,
    ops: readonly VaultOp[],
    now: Date,
    guard?: VaultGuard,
  ): Promise<{ version: number; results: OpOutcome[] }>;
  /** The tree without the folders in `hidden` (ACL5 keys) and everything inside them. */
  readTree(vaultId: string, hidden?: readonly string[]): Promise<TreeSnapshot>;
  readTrash(vaultId: string, hidden?: readonly string[]): Promise<{ version: number; notes: TreeNote[] }>;
  /**
   * ACL2: who sees what in the vault changed (a private folder, a member): the tree as each member sees it
   * may differ, so its version grows and every client re-reads it.
   */
  touch(vaultId: string): Promise<void>;
  /** Every vault's id (the trash purger visits each). */
  listVaultIds(): Promise<string[]>;
  /** TR4: purges notes trashed before `cutoff`; returns how many. */
  purgeTrashedBefore(vaultId: string, cutoff: Date, now: Date): Promise<number>;
}

// A full batch (LIM7) on a busy embedded database takes well under this; Prisma's default of 5 s does not.
const BATCH_TIMEOUT_MS = 60_000;

const IGNORE_PLACEMENTS: IndexPlacementListener = { setPlace: () => {}, remove: () => {} };

/** Creates the service; `onTreeChanged` hears every new version (the relay broadcasts it). */
export function createVaultService(
  prisma: PrismaClient,
  onTreeChanged: (vaultId: string, version: number) => void,
  placements: IndexPlacementListener = IGNORE_PLACEMENTS,
): VaultService {
  // One writer per vault at a time in this process (no pool connection held while waiting); across
  // processes, lockVault inside each transaction (SCALE5).
  const mutex = createKeyedMutex();

  /**
   * A batch is one transaction under the vault's lock: one commit for up to LIM7's 100 ops instead of one each.
   * An op that throws rolls the whole batch back and the request fails; the client resends it, and ops are
   * idempotent by opId (OP3). The tree version still grows by one for each op that changed something.
   */
  async function applyBatch(
    vaultId: string,
    ops: readonly VaultOp[],
    now: Date,
    guard: VaultGuard | undefined,
  ): Promise<{ results: OpOutcome[]; changes: VaultChange[] }> {
    const applied = await prisma.$transaction(
      async (tx) => {
        await lockVault(tx, vaultId);
        const known = await readStoredOutcomes(tx, { vaultId, actorId: actorOf(guard) }, ops);
        const results: OpOutcome[] = [];
        const changes: VaultChange[] = [];
        for (const op of ops) {
          const stored = known.get(op.opId);
          if (stored) {
            results.push(stored);
            continue;
          }
          const change = await applyOne({ tx, vaultId, now, guard }, op);
          known.set(op.opId, change.outcome);
          results.push(change.outcome);
          changes.push(change);
        }
        const changing = changes.filter(changesSomething).length;
        if (changing > 0)
          await tx.vault.update({ where: { id: vaultId }, data: { treeVersion: { increment: changing } } });
        return { results, changes };
      },
      { timeout: BATCH_TIMEOUT_MS },
    );
    // After commit only, so the search copy never shows a change the database rolled back.
    for (const change of applied.changes) mirrorPlacements(vaultId, change, placements);
    return applied;
  }

  async function readVersion(vaultId: string): Promise<number> {
    const vault = await prisma.vault.findUnique({ where: { id: vaultId } });
    return Number(vault?.treeVersion ?? 0);
  }

  return {
    applyOps: async (vaultId, ops, now, guard) => {
      // OP3's replays (a client resending after a lost answer) take no lock: a retry storm after a network
      // fault would otherwise queue behind the vault's one writer and starve the connection pool.
      const replayed = await readReplayedOutcomes(prisma, { vaultId, actorId: actorOf(guard) }, ops);
      if (replayed) return { version: await readVersion(vaultId), results: replayed };
      return mutex.run(vaultId, async () => {
        const { results, changes } = await applyBatch(vaultId, ops, now, guard);
        const version = await readVersion(vaultId);
        if (changes.some(changesSomething)) onTreeChanged(vaultId, version);
        return { version, results };
      });
    },

    async readTree(vaultId, hidden = []) {
      const [version, rows, folders] = await Promise.all([
        readVersion(vaultId),
        readVisibleNotes(prisma, vaultId, hidden, 'live'),
        readVisibleFolders(prisma, vaultId, hidden),
      ]);
      const notes = rows.map(toTreeNote);
      const explicitFolders = folders.map((folder) => folder.path);
      return { version, notes, folders: listFolders(notes, explicitFolders), explicitFolders };
    },

    touch: (vaultId) =>
      mutex.run(vaultId, async () => {
        await prisma.vault.update({ where: { id: vaultId }, data: { treeVersion: { increment: 1 } } });
        onTreeChanged(vaultId, await readVersion(vaultId));
      }),

    listVaultIds: async () => (await prisma.vault.findMany({ select: { id: true } })).map((vault) => vault.id),

    async readTrash(vaultId, hidden = []) {
      const rows = await readVisibleNotes(prisma, vaultId, hidden, 'trashed');
      return { version: await readVersion(vaultId), notes: rows.map(toTreeNote) };
    },

    purgeTrashedBefore: (vaultId, cutoff, now) =>
      mutex.run(vaultId, async () => {
        // Read under the vault's lock: a relay purging the same trash at once finds nothing left (SCALE6).
        const expired = await prisma.$transaction(async (tx) => {
          await lockVault(tx, vaultId);
          const notes = await tx.note.findMany({
            where: { vaultId, deletedAt: { lt: cutoff } },
            select: { docId: true },
          });
          if (notes.length === 0) return [];
          const docIds = notes.map((note) => note.docId);
          await purgeNotes(tx, vaultId, docIds, now);
          await tx.vault.update({ where: { id: vaultId }, data: { treeVersion: { increment: 1 } } });
          return docIds;
        });
        if (expired.length === 0) return 0;
        for (const docId of expired) placements.remove(docId);
        onTreeChanged(vaultId, await readVersion(vaultId));
        return expired.length;
      }),
  };
}

/** Where and as whom a batch's ops are applied: its transaction, vault, time and caller (none = the relay). */
interface OpCall {
  readonly tx: Prisma.TransactionClient;
  readonly vaultId: string;
  readonly now: Date;
  readonly guard: VaultGuard | undefined;
}

/** Plans one op as the caller may and writes what was decided, inside the batch's transaction. */
async function applyOne(call: OpCall, op: VaultOp): Promise<VaultChange> {
  const { tx, vaultId, now } = call;
  const change = await planAs(call, op);
  await applyVaultChange(tx, vaultId, change, now);
  if (op.kind === 'moveFolder' && change.outcome.ok) await moveRestrictions(tx, vaultId, pathKey(op.path), op.newPath);
  await tx.vaultOp.create({
    data: { opId: op.opId, vaultId, actorId: actorOf(call.guard), outcome: change.outcome as object, appliedAt: now },
  });
  return change;
}

/** Whose op ids a batch's are (OP3, ACL9): a vault and a sender. */
interface OpSender {
  readonly vaultId: string;
  readonly actorId: string;
}

/** The relay's own ops (uploads' entries, purges) have no person behind them. */
const RELAY_ACTOR = 'relay';
/** Outcomes stored before ops had senders; they still answer within their vault. */
const UNKNOWN_ACTOR = '';

function actorOf(guard: VaultGuard | undefined): string {
  return guard?.actorId ?? RELAY_ACTOR;
}

/**
 * OP3: the stored outcomes of ops the sender applied before in this vault, by opId. An id someone else used,
 * here or in another vault, is not found: their outcome names paths only they were told (ACL9).
 */
async function readStoredOutcomes(
  db: Prisma.TransactionClient | PrismaClient,
  sender: OpSender,
  ops: readonly VaultOp[],
): Promise<Map<string, OpOutcome>> {
  const rows = await db.vaultOp.findMany({
    where: {
      vaultId: sender.vaultId,
      actorId: { in: [sender.actorId, UNKNOWN_ACTOR] },
      opId: { in: ops.map((op) => op.opId) },
    },
  });
  return new Map(rows.map((row) => [row.opId, storedOutcomeOf(row)]));
}

/**
 * SCALE5: one writer per vault across every relay on the database, until the transaction ends. Planning
 * reads the tree and writes what it decided; two relays planning a create at one path at once would both
 * see it free, and CN1's conflict name would never be given.
 */
async function lockVault(tx: Prisma.TransactionClient, vaultId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`baalda-vault:${vaultId}`}))`;
}

function toTreeNote(row: Parameters<typeof toVaultNote>[0]): TreeNote {
  const note = toVaultNote(row);
  return { ...note, title: titleFromPath(note.path) };
}

// Explicit folders plus every folder a live note lies in, once per key (explicit spelling first), sorted.
function listFolders(notes: readonly TreeNote[], explicit: readonly string[]): string[] {
  const all = new Map<string, string>();
  const addWithAncestors = (path: string) => {
    const segments = path.split('/');
    for (let depth = 1; depth <= segments.length; depth += 1) {
      const folder = segments.slice(0, depth).join('/');
      if (!all.has(pathKey(folder))) all.set(pathKey(folder), folder);
    }
  };
  for (const folder of explicit) addWithAncestors(folder);
  for (const note of notes) {
    const folder = note.path.slice(0, Math.max(0, note.path.lastIndexOf('/')));
    if (folder) addWithAncestors(folder);
  }
  return [...all.values()].sort();
}

function mirrorPlacements(vaultId: string, change: VaultChange, placements: IndexPlacementListener): void {
  for (const note of change.putNotes)
    placements.setPlace(note.docId, { vaultId, path: note.path, live: note.deletedAt === null });
  for (const docId of change.purgeDocIds) placements.remove(docId);
}

/**
 * ACL7: plans an op as the caller may. Named target paths are checked first (FORBIDDEN before planning
 * could say PATH_TAKEN about a hidden note); planning sees the vault as the caller does; the planned
 * change must touch only writable paths (a hidden folder inside a moved one, say).
 */
async function planAs({ tx, vaultId, now, guard }: OpCall, op: VaultOp): Promise<VaultChange> {
  const view = createPrismaVaultView(tx, vaultId);
  if (!guard) return planVaultOp(op, view, now.getTime());
  if (!guard.mayWriteVault) return forbidden(op, "Viewers and read-only tokens can't change this vault.");
  const hiddenFolder = hiddenFolderRefusal(op, guard.canRead);
  if (hiddenFolder) return hiddenFolder;
  if (!pathsAnOpWrites(op).every(guard.canWrite)) return forbidden(op, "You can't change anything there.");
  const change = await planVaultOp(op, callerVaultView(view, guard.canRead), now.getTime());
  if (!change.outcome.ok) return change;
  const touched = [...change.putNotes.map((note) => note.docId), ...change.purgeDocIds];
  const before = new Map(
    (await tx.note.findMany({ where: { docId: { in: touched } }, select: { docId: true, path: true } })).map(
      (row) => [row.docId, row.path] as const,
    ),
  );
  if (mayApplyChange(change, (docId) => before.get(docId), guard.canWrite)) return change;
  return forbidden(op, 'This would change notes or folders you may not change.');
}

function forbidden(op: VaultOp, message: string): VaultChange {
  return {
    putNotes: [],
    purgeDocIds: [],
    putFolders: [],
    removeFolders: [],
    outcome: { opId: op.opId, ok: false, kind: op.kind, code: 'FORBIDDEN', message },
  };
}

interface NoteRowSql {
  doc_id: string;
  path: string;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  conflict_of: string | null;
}

// ACL5: rows whose key is, or lies in, a hidden folder are never read (outsideHiddenFolders).
async function readVisibleNotes(
  prisma: PrismaClient,
  vaultId: string,
  hidden: readonly string[],
  state: 'live' | 'trashed',
): Promise<Parameters<typeof toVaultNote>[0][]> {
  const visible = outsideHiddenFolders(hidden);
  const rows =
    state === 'live'
      ? await prisma.$queryRaw<NoteRowSql[]>`
        SELECT doc_id, path, created_at, updated_at, deleted_at, conflict_of FROM note
        WHERE vault_id = ${vaultId} AND deleted_at IS NULL
          AND ${visible}
        ORDER BY path_key`
      : await prisma.$queryRaw<NoteRowSql[]>`
        SELECT doc_id, path, created_at, updated_at, deleted_at, conflict_of FROM note
        WHERE vault_id = ${vaultId} AND deleted_at IS NOT NULL
          AND ${visible}
        ORDER BY deleted_at DESC`;
  return rows.map((row) => ({
    docId: row.doc_id,
    path: row.path,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
    conflictOf: row.conflict_of,
  }));
}

async function readVisibleFolders(prisma: PrismaClient, vaultId: string, hidden: readonly string[]) {
  return prisma.$queryRaw<Array<{ path: string }>>`
    SELECT path FROM folder
    WHERE vault_id = ${vaultId} AND ${outsideHiddenFolders(hidden)}
    ORDER BY path_key`;
}

/** The stored outcomes of a batch whose every op was applied before (OP3), or null if any is new. */
async function readReplayedOutcomes(
  prisma: PrismaClient,
  sender: OpSender,
  ops: readonly VaultOp[],
): Promise<OpOutcome[] | null> {
  const outcomes = await readStoredOutcomes(prisma, sender, ops);
  if (outcomes.size === 0) return null;
  const replayed = ops.map((op) => outcomes.get(op.opId));
  return replayed.every((outcome) => outcome !== undefined) ? (replayed as OpOutcome[]) : null;
}

/**
 * A replayed op's outcome as `vault_op.outcome` keeps it (OP3). The column is JSON the database can't
 * check; a row that no longer parses fails the request loudly instead of answering a client with junk.
 */
function storedOutcomeOf(row: { readonly opId: string; readonly outcome: unknown }): OpOutcome {
  const parsed = OP_OUTCOME.safeParse(row.outcome);
  if (parsed.success) return parsed.data;
  throw new Error(
    `vault_op ${row.opId}: the stored outcome is not an op outcome (${describeSchemaError(parsed.error)})`,
    {
      cause: parsed.error,
    },
  );
}
