import type { DocumentAddress, Principal } from '@baalda/core';
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
  const questions = connections.map((connection, index) =>
    questionOf(callers.get(callerKey(connection.caller)), addresses[index], places),
  );
  const facts = await readFacts(access, questions, now);
  return questions.map((question) => answer(question, facts, now));
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
 * What one connection's decision rests on, once its caller and its note's place are known; `fact` names
 * the fact it needs (the caller's, in a vault for a channel or a note), which connections share.
 */
type Question =
  | { readonly kind: 'refused' }
  | { readonly kind: 'channel'; readonly fact: string; readonly caller: Caller; readonly vaultId: string }
  | { readonly kind: 'unplaced'; readonly fact: string; readonly caller: Caller }
  | { readonly kind: 'note'; readonly fact: string; readonly caller: Caller; readonly note: NotePlace };

function questionOf(
  caller: Caller | null | undefined,
  address: DocumentAddress | null | undefined,
  places: ReadonlyMap<string, NotePlace>,
): Question {
  if (!caller || !address) return { kind: 'refused' };
  // A person's rights are their user's; a token's are its own (ACL3).
  const who = caller.kind === 'token' ? `t:${caller.token.id}` : `u:${caller.user.id}`;
  if (address.kind === 'vault')
    return { kind: 'channel', fact: `${who}|${address.vaultId}`, caller, vaultId: address.vaultId };
  const note = places.get(address.docId);
  return note
    ? { kind: 'note', fact: `${who}|${note.vaultId}`, caller, note }
    : { kind: 'unplaced', fact: who, caller };
}

/** The facts the questions need, each caller and vault once. */
interface Facts {
  readonly principals: ReadonlyMap<string, Principal>;
  readonly vaults: ReadonlyMap<string, VaultAccess | null>;
  readonly writers: ReadonlyMap<string, boolean>;
}

/**
 * Reads every fact at once: the stores' batched reads then gather every caller's role in one statement
 * and every vault's private folders in another, however many connections ask.
 */
async function readFacts(access: AccessService, questions: readonly Question[], now: Date): Promise<Facts> {
  const principals = new Map<string, Promise<Principal>>();
  const vaults = new Map<string, Promise<VaultAccess | null>>();
  const writers = new Map<string, Promise<boolean>>();
  for (const question of questions) {
    if (question.kind === 'channel') {
      const { caller, vaultId } = question;
      readOnce(principals, question.fact, () => access.callers.principalFor(caller, vaultId));
    } else if (question.kind === 'note') {
      const { caller, note } = question;
      readOnce(vaults, question.fact, () => access.callers.vaultAccess(caller, note.vaultId, now));
    } else if (question.kind === 'unplaced') {
      readOnce(writers, question.fact, () => mayWriteSomewhere(access, question.caller, now));
    }
  }
  const [principal, vault, writer] = await Promise.all([settled(principals), settled(vaults), settled(writers)]);
  return { principals: principal, vaults: vault, writers: writer };
}

function readOnce<T>(reads: Map<string, Promise<T>>, key: string, read: () => Promise<T>): void {
  if (!reads.has(key)) reads.set(key, read());
}

async function settled<T>(reads: ReadonlyMap<string, Promise<T>>): Promise<Map<string, T>> {
  const entries = await Promise.all([...reads].map(async ([key, read]): Promise<[string, T]> => [key, await read]));
  return new Map(entries);
}

/** The door's rules over facts already read: no query here. */
function answer(question: Question, facts: Facts, now: Date): DocumentRights {
  switch (question.kind) {
    case 'refused':
      return { read: false, write: false };
    case 'channel': {
      const principal = facts.principals.get(question.fact);
      return principal ? rightsOnChannel(principal, now) : { read: false, write: false };
    }
    case 'unplaced':
      return rightsOnUnplacedNote(facts.writers.get(question.fact) === true);
    case 'note':
      return rightsOnNote(question.note, facts.vaults.get(question.fact) ?? null, now);
  }
}
