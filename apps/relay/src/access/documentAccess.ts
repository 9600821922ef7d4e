import {
  canReadPath,
  canWritePath,
  type DocumentAddress,
  entryKindOf,
  hasRoleAtLeast,
  type Principal,
  parseDocumentName,
  vaultAccessDecision,
} from '@baalda/core';
import type { AccessService } from './accessService';
import type { Caller, VaultAccess } from './callers';

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

/**
 * ACL4 for a sync document, as the door decides it when a socket opens one. `vault:<id>` (the tree
 * channel): anyone who may read the vault. `note:<id>`: the decision on the note's path in its vault. A
 * note with no row yet (its document can arrive before its create op, when it was made offline) may be
 * opened only by someone who may write somewhere — the creator — since there is no path to decide on; its
 * id is 128 random bits no one else knows. ACL6's rechecks read the same facts for every open document at
 * once and ask the same three rules below.
 */
export async function decideDocument(
  access: AccessService,
  caller: Caller,
  documentName: string,
  now: Date,
): Promise<DocumentRights> {
  const address = parseDocumentName(documentName);
  if (!address.ok) return NONE;
  if (address.kind === 'vault') {
    return rightsOnChannel(await access.callers.principalFor(caller, address.vaultId), now);
  }
  const note = await access.notePlaces(address.docId);
  if (!note) return rightsOnUnplacedNote(await mayWriteSomewhere(access, caller, now));
  return rightsOnNote(note, await access.callers.vaultAccess(caller, note.vaultId, now), now);
}

/** The address of a document by its name; null for a name no document can have. */
export function addressOf(documentName: string): DocumentAddress | null {
  const address = parseDocumentName(documentName);
  return address.ok ? address : null;
}

/** ACL1: a vault's tree channel is open to whoever may read the vault; no one writes to it. */
export function rightsOnChannel(principal: Principal, now: Date): DocumentRights {
  return { read: vaultAccessDecision(principal, now.getTime()).read, write: false };
}

/**
 * ACL4 on a note that has a row, for a caller whose access to the note's vault is `vault` (null: none).
 * PATH11: an attachment has no Yjs document; opening one under its id would plant text in its search row.
 */
export function rightsOnNote(note: NotePlace, vault: VaultAccess | null, now: Date): DocumentRights {
  if (!vault || entryKindOf(note.path) === 'attachment') return NONE;
  const time = now.getTime();
  return {
    read: canReadPath(vault.principal, note.path, vault.restrictions, time),
    write: canWritePath(vault.principal, note.path, vault.restrictions, time),
  };
}

/** A note with no row yet: its creator's, so open to whoever may write somewhere. */
export function rightsOnUnplacedNote(writesSomewhere: boolean): DocumentRights {
  return writesSomewhere ? { read: true, write: true } : NONE;
}

/** Whether the caller may write in some vault: a token in its own vault, a person in any of theirs. */
export async function mayWriteSomewhere(access: AccessService, caller: Caller, now: Date): Promise<boolean> {
  if (caller.kind === 'token') {
    const principal = await access.callers.principalFor(caller, caller.token.vaultId);
    return vaultAccessDecision(principal, now.getTime()).write;
  }
  const vaults = await access.members.vaultsOf(caller.user.id);
  return vaults.some((vault) => hasRoleAtLeast(vault.role, 'editor'));
}
