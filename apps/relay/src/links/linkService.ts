import type { PrismaClient } from '../generated/prisma/client';
import { type LinkingNote, notesLinkingTo } from './linkStore';

/** What the backlinks route asks of the relay's links. */
export interface LinkService {
  /** The path of the live note `docId` in `vaultId`, or null when there is none (trashed counts as none). */
  livePathOf(vaultId: string, docId: string): Promise<string | null>;
  /** BL2: the live notes of the vault linking to `docId`, by path; not yet filtered by what the reader may see. */
  linkingNotes(vaultId: string, docId: string): Promise<LinkingNote[]>;
}

export function createLinkService(prisma: PrismaClient): LinkService {
  return {
    async livePathOf(vaultId, docId) {
      const note = await prisma.note.findFirst({ where: { docId, vaultId, deletedAt: null }, select: { path: true } });
      return note?.path ?? null;
    },
    linkingNotes: (vaultId, docId) => notesLinkingTo(prisma, vaultId, docId),
  };
}
