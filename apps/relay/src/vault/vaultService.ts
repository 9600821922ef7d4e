import {
  type OpOutcome,
  pathKey,
  planVaultOp,
  titleFromPath,
  type VaultChange,
  type VaultNote,
  type VaultOp,
} from '@baalda/core';
import type { PrismaClient } from '../generated/prisma/client';
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
  applyOps(vaultId: string, ops: readonly VaultOp[], now: Date): Promise<{ version: number; results: OpOutcome[] }>;
  readTree(vaultId: string): Promise<TreeSnapshot>;
  readTrash(vaultId: string): Promise<{ version: number; notes: TreeNote[] }>;
  /** TR4: purges notes trashed before `cutoff`; returns how many. */
  purgeTrashedBefore(vaultId: string, cutoff: Date, now: Date): Promise<number>;
}

/** Hears every committed change to index rows' places (the in-memory search copy, SRCH4). */
export interface IndexPlacementListener {
  setPlace(docId: string, place: { vaultId: string; path: string; live: boolean }): void;
  remove(docId: string): void;
}

const IGNORE_PLACEMENTS: IndexPlacementListener = { setPlace: () => {}, remove: () => {} };

/** Creates the service; `onTreeChanged` hears every new version (the relay broadcasts it). */
export function createVaultService(
  prisma: PrismaClient,
  onTreeChanged: (vaultId: string, version: number) => void,
  placements: IndexPlacementListener = IGNORE_PLACEMENTS,
): VaultService {
  // One writer per vault at a time in this process; the partial unique index guards across processes.
  const mutex = createKeyedMutex();

  async function applyOne(vaultId: string, op: VaultOp, now: Date): Promise<{ outcome: OpOutcome; changed: boolean }> {
    const applied = await prisma.$transaction(
      async (tx): Promise<{ outcome: OpOutcome; change: VaultChange | null }> => {
        const seen = await tx.vaultOp.findUnique({ where: { opId: op.opId } });
        if (seen) return { outcome: seen.outcome as unknown as OpOutcome, change: null };
        const change = await planVaultOp(op, createPrismaVaultView(tx, vaultId), now.getTime());
        await applyVaultChange(tx, vaultId, change, now);
        await tx.vaultOp.create({
          data: { opId: op.opId, vaultId, outcome: change.outcome as object, appliedAt: now },
        });
        if (changesSomething(change))
          await tx.vault.update({ where: { id: vaultId }, data: { treeVersion: { increment: 1 } } });
        return { outcome: change.outcome, change };
      },
    );
    // After commit only, so the search copy never shows a change the database rolled back.
    if (applied.change) mirrorPlacements(vaultId, applied.change, placements);
    return { outcome: applied.outcome, changed: applied.change !== null && changesSomething(applied.change) };
  }

  async function readVersion(vaultId: string): Promise<number> {
    const vault = await prisma.vault.findUnique({ where: { id: vaultId } });
    return Number(vault?.treeVersion ?? 0);
  }

  return {
    applyOps: (vaultId, ops, now) =>
      mutex.run(vaultId, async () => {
        const results: OpOutcome[] = [];
        let changed = false;
        for (const op of ops) {
          const applied = await applyOne(vaultId, op, now);
          results.push(applied.outcome);
          changed ||= applied.changed;
        }
        const version = await readVersion(vaultId);
        if (changed) onTreeChanged(vaultId, version);
        return { version, results };
      }),

    async readTree(vaultId) {
      const [version, rows, folders] = await Promise.all([
        readVersion(vaultId),
        prisma.note.findMany({ where: { vaultId, deletedAt: null }, orderBy: { pathKey: 'asc' } }),
        prisma.folder.findMany({ where: { vaultId }, orderBy: { pathKey: 'asc' } }),
      ]);
      const notes = rows.map(toTreeNote);
      const explicitFolders = folders.map((folder) => folder.path);
      return { version, notes, folders: listFolders(notes, explicitFolders), explicitFolders };
    },

    async readTrash(vaultId) {
      const rows = await prisma.note.findMany({
        where: { vaultId, deletedAt: { not: null } },
        orderBy: { deletedAt: 'desc' },
      });
      return { version: await readVersion(vaultId), notes: rows.map(toTreeNote) };
    },

    purgeTrashedBefore: (vaultId, cutoff, now) =>
      mutex.run(vaultId, async () => {
        const expired = await prisma.note.findMany({
          where: { vaultId, deletedAt: { lt: cutoff } },
          select: { docId: true },
        });
        if (expired.length === 0) return 0;
        await prisma.$transaction(async (tx) => {
          await purgeNotes(
            tx,
            vaultId,
            expired.map((note) => note.docId),
            now,
          );
          await tx.vault.update({ where: { id: vaultId }, data: { treeVersion: { increment: 1 } } });
        });
        for (const { docId } of expired) placements.remove(docId);
        onTreeChanged(vaultId, await readVersion(vaultId));
        return expired.length;
      }),
  };
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
