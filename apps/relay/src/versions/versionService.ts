import type { VersionSettings } from '@baalda/core';
import type { Hocuspocus } from '@hocuspocus/server';
import type { PrismaClient } from '../generated/prisma/client';
import { keepManualVersion, type RestoreOutcome, restoreVersion } from './liveVersions';
import { listVersions, readVersion, type VersionSummary, type VersionWithText } from './versionStore';

/** A person's view of one note's history (VC5–VC7); `null` means the note isn't in that vault. */
/** Why a history request found nothing to act on. */
export type NoteProblem = 'NO_NOTE' | 'IN_TRASH';

export interface VersionService {
  /** The note's path in the vault (live or trashed), for the access check; null when it is not there. */
  pathOf(vaultId: string, docId: string): Promise<string | null>;
  list(vaultId: string, docId: string): Promise<VersionSummary[] | null>;
  read(vaultId: string, docId: string, versionId: string): Promise<VersionWithText | null | NoteProblem>;
  keepManual(vaultId: string, docId: string): Promise<VersionSummary | null | NoteProblem>;
  restore(vaultId: string, docId: string, versionId: string): Promise<RestoreOutcome | null | NoteProblem>;
}

/**
 * History for people, apart from search (VC7): a trashed note keeps its history and it can be read, but
 * not changed (TR1: restore the note first); a purged note is gone with it. Only this service and the
 * capture paths touch `note_version`.
 */
export function createVersionService(
  prisma: PrismaClient,
  hocuspocus: Hocuspocus,
  options: { settings: VersionSettings; clock: () => Date },
): VersionService {
  const live = { hocuspocus, prisma, settings: options.settings, clock: options.clock };
  const stateOf = async (vaultId: string, docId: string): Promise<NoteProblem | 'LIVE'> => {
    const note = await prisma.note.findFirst({ where: { docId, vaultId }, select: { deletedAt: true } });
    if (!note) return 'NO_NOTE';
    return note.deletedAt ? 'IN_TRASH' : 'LIVE';
  };
  return {
    pathOf: async (vaultId, docId) =>
      (await prisma.note.findFirst({ where: { docId, vaultId }, select: { path: true } }))?.path ?? null,
    list: async (vaultId, docId) =>
      (await stateOf(vaultId, docId)) === 'NO_NOTE' ? null : listVersions(prisma, docId),
    read: async (vaultId, docId, versionId) => {
      if ((await stateOf(vaultId, docId)) === 'NO_NOTE') return 'NO_NOTE';
      const version = await readVersion(prisma, docId, versionId);
      if (!version) return null;
      const { state, ...withText } = version;
      return withText;
    },
    keepManual: async (vaultId, docId) => {
      const state = await stateOf(vaultId, docId);
      return state === 'LIVE' ? keepManualVersion(live, docId) : state;
    },
    restore: async (vaultId, docId, versionId) => {
      const state = await stateOf(vaultId, docId);
      return state === 'LIVE' ? restoreVersion(live, docId, versionId) : state;
    },
  };
}
