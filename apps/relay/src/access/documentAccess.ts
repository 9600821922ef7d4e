import {
  canReadPath,
  canWritePath,
  entryKindOf,
  hasRoleAtLeast,
  parseDocumentName,
  vaultAccessDecision,
} from '@baalda/core';
import { KEYS_PER_STATEMENT } from '../db/batchedRead';
import type { AccessService } from './accessService';
import type { Caller } from './callers';

/** What a caller may do with one sync document. */
export interface DocumentRights {
  readonly read: boolean;
  readonly write: boolean;
}

const NONE: DocumentRights = { read: false, write: false };

/** The facts about a note that its access decision needs. */
export interface NotePlace {
  readonly vaultId: string;
  readonly path: string;
}

/** Finds a note's place by its id; null when the note has no row (yet). */
export type NotePlaces = (docId: string) => Promise<NotePlace | null>;

/** Chunks of ids per query when many notes are decided at once (a bound on the statement's parameters). */
const IDS_PER_QUERY = KEYS_PER_STATEMENT;

/**
 * The places of many notes, read in a few queries: re-deciding every open document one query each made a
 * device that opened 2,000 notes cost 2,000 queries at every tree change.
 */
export async function loadNotePlaces(access: AccessService, docIds: readonly string[]): Promise<NotePlaces> {
  const places = new Map<string, NotePlace>();
  for (let start = 0; start < docIds.length; start += IDS_PER_QUERY) {
    const rows = await access.prisma.note.findMany({
      where: { docId: { in: docIds.slice(start, start + IDS_PER_QUERY) } },
      select: { docId: true, vaultId: true, path: true },
    });
    for (const row of rows) places.set(row.docId, { vaultId: row.vaultId, path: row.path });
  }
  return async (docId) => places.get(docId) ?? null;
}

/**
 * ACL4 for a sync document. `vault:<id>` (the tree channel): anyone who may read the vault. `note:<id>`:
 * the decision on the note's path in its vault. A note with no row yet (its document can arrive before
 * its create op, when it was made offline) may be opened only by someone who may write somewhere — the
 * creator — since there is no path to decide on; its id is 128 random bits no one else knows.
 */
export async function decideDocument(
  access: AccessService,
  caller: Caller,
  documentName: string,
  now: Date,
  notePlaces: NotePlaces = access.notePlaces,
): Promise<DocumentRights> {
  const address = parseDocumentName(documentName);
  if (!address.ok) return NONE;
  if (address.kind === 'vault') {
    const decision = vaultAccessDecision(await access.callers.principalFor(caller, address.vaultId), now.getTime());
    return { read: decision.read, write: false };
  }
  const note = await notePlaces(address.docId);
  if (!note) return (await mayWriteSomewhere(access, caller, now)) ? { read: true, write: true } : NONE;
  // PATH11: an attachment has no Yjs document; opening one under its id would plant text in its search row.
  if (entryKindOf(note.path) === 'attachment') return NONE;
  const vault = await access.callers.vaultAccess(caller, note.vaultId, now);
  if (!vault) return NONE;
  const time = now.getTime();
  return {
    read: canReadPath(vault.principal, note.path, vault.restrictions, time),
    write: canWritePath(vault.principal, note.path, vault.restrictions, time),
  };
}

async function mayWriteSomewhere(access: AccessService, caller: Caller, now: Date): Promise<boolean> {
  if (caller.kind === 'token') {
    const principal = await access.callers.principalFor(caller, caller.token.vaultId);
    return vaultAccessDecision(principal, now.getTime()).write;
  }
  const vaults = await access.members.vaultsOf(caller.user.id);
  return vaults.some((vault) => hasRoleAtLeast(vault.role, 'editor'));
}
