import type { DocumentAddress } from '@baalda/core';
import type { Hocuspocus } from '@hocuspocus/server';
import type { PrismaClient } from '../generated/prisma/client';
import type { EdgeSocket, SyncContext } from './AccessExtension';
import type { AccessService } from './accessService';
import type { Caller, VaultAccess } from './callers';
import {
  addressOf,
  type DocumentRights,
  mayWriteSomewhere,
  type NotePlace,
  rightsOnChannel,
  rightsOnNote,
  rightsOnUnplacedNote,
} from './documentAccess';
import { type CallerRef, callerOfRef } from './socketCallers';

/** One authenticated sync connection, as ACL6 re-decides it. */
export interface OpenConnection {
  readonly documentName: string;
  readonly caller: CallerRef;
  readonly rights: DocumentRights;
  readonly edgeSocket: EdgeSocket;
}

/** Every authenticated connection of every document this relay holds open. */
export function openConnections(hocuspocus: Hocuspocus): OpenConnection[] {
  const open: OpenConnection[] = [];
  for (const document of hocuspocus.documents.values()) {
    for (const connection of document.getConnections()) {
      const { caller, rights, edgeSocket } = (connection.context ?? {}) as SyncContext;
      if (caller && rights && edgeSocket) open.push({ documentName: document.name, caller, rights, edgeSocket });
    }
  }
  return open;
}

/** ACL6: the open connections that lost a right since they were decided (read lost, or write changed). */
export async function lostConnections(
  access: AccessService,
  hocuspocus: Hocuspocus,
  now: Date,
): Promise<OpenConnection[]> {
  const connections = openConnections(hocuspocus);
  const decided = await decideOpenConnections(access, connections, now);
  return connections.filter((connection, index) => hasLostRight(connection, decided[index]));
}

/** True when the rights `decided` now (none: undecided) no longer match what the connection was opened with. */
export function hasLostRight(connection: OpenConnection, decided: DocumentRights | undefined): boolean {
  return !decided?.read || decided.write !== connection.rights.write;
}

/**
 * ACL6: what each connection may do now, in the order given. The facts come in a fixed number of
 * statements however many documents are open — every open note's place in one, each caller once, each
 * caller's role and each vault's private folders in one batch — and the decisions are core's rules over
 * them in memory. A device holding 2,000 notes open made every tree change cost 2,000 lookups (later
 * 4 chunks of places and 2,000 awaited decisions), and creates and uploads 2–5× slower meanwhile.
 */
export async function decideOpenConnections(
  access: AccessService,
  connections: readonly OpenConnection[],
  now: Date,
): Promise<DocumentRights[]> {
  const addresses = connections.map((connection) => addressOf(connection.documentName));
  const [callers, places] = await Promise.all([
    resolveCallers(access, connections, now),
    readNotePlaces(access.prisma, noteIdsOf(addresses)),
  ]);
  const facts = createFactReader(access, now);
  return Promise.all(
    connections.map((connection, index) => {
      const caller = callers.get(callerKey(connection.caller));
      const address = addresses[index];
      return caller && address ? facts.decide(caller, address, places) : { read: false, write: false };
    }),
  );
}

function callerKey(ref: CallerRef): string {
  return ref.kind === 'session' ? `s:${ref.sessionHash}` : `t:${ref.tokenId}`;
}

// Each distinct session or token once, all at the same moment.
async function resolveCallers(
  access: AccessService,
  connections: readonly OpenConnection[],
  now: Date,
): Promise<Map<string, Caller | null>> {
  const refs = new Map(connections.map((connection) => [callerKey(connection.caller), connection.caller]));
  const resolve = async ([key, ref]: [string, CallerRef]): Promise<[string, Caller | null]> => [
    key,
    await callerOfRef(access, ref, now),
  ];
  return new Map(await Promise.all([...refs].map(resolve)));
}

function noteIdsOf(addresses: ReadonlyArray<DocumentAddress | null>): string[] {
  const ids = new Set<string>();
  for (const address of addresses) if (address?.kind === 'note') ids.add(address.docId);
  return [...ids];
}

/** The places of the given notes, in one statement; a note with no row is absent. */
async function readNotePlaces(prisma: PrismaClient, docIds: readonly string[]): Promise<Map<string, NotePlace>> {
  if (docIds.length === 0) return new Map();
  const rows = await prisma.$queryRaw<Array<{ doc_id: string; vault_id: string; path: string }>>`
    SELECT doc_id, vault_id, path FROM note WHERE doc_id = ANY(${[...docIds]}::text[])`;
  return new Map(rows.map((row) => [row.doc_id, { vaultId: row.vault_id, path: row.path }]));
}

/**
 * Decides documents from facts read once per caller and vault. The decisions start together, so the
 * stores' batched reads (roles, private folders) gather every caller and vault into one statement each.
 */
function createFactReader(access: AccessService, now: Date) {
  const vaults = new Map<string, Promise<VaultAccess | null>>();
  const channels = new Map<string, Promise<DocumentRights>>();
  const unplaced = new Map<string, Promise<DocumentRights>>();
  const once = <T>(memo: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> => {
    const found = memo.get(key) ?? read();
    memo.set(key, found);
    return found;
  };
  const keyOf = (caller: Caller) => (caller.kind === 'token' ? `t:${caller.token.id}` : `u:${caller.user.id}`);

  async function decide(
    caller: Caller,
    address: DocumentAddress,
    places: ReadonlyMap<string, NotePlace>,
  ): Promise<DocumentRights> {
    const who = keyOf(caller);
    if (address.kind === 'vault') {
      return once(channels, `${who}|${address.vaultId}`, async () =>
        rightsOnChannel(await access.callers.principalFor(caller, address.vaultId), now),
      );
    }
    const note = places.get(address.docId);
    if (!note) {
      return once(unplaced, who, async () => rightsOnUnplacedNote(await mayWriteSomewhere(access, caller, now)));
    }
    const vault = await once(vaults, `${who}|${note.vaultId}`, () =>
      access.callers.vaultAccess(caller, note.vaultId, now),
    );
    return rightsOnNote(note, vault, now);
  }
  return { decide };
}
