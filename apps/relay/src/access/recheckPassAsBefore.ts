import type { Hocuspocus } from '@hocuspocus/server';
import { KEYS_PER_STATEMENT } from '../db/batchedRead';
import { openNoteIds } from '../support/openNotes';
import type { AccessService } from './accessService';
import type { Caller } from './callers';
import { decideDocument, type NotePlace } from './documentAccess';
import { hasLostRight, type OpenConnection, openConnections } from './recheckPass';
import { callerOfRef } from './socketCallers';

/**
 * ACL6's pass as the relay ran it before its facts were read in one batch: the open notes' places in chunks
 * of 500, then each connection decided in turn, its caller's role and private folders read per caller and
 * vault, a vault channel's or a note without a row's own lookups per connection. Only the bench runs it
 * (RelayOptions.rechecksAsBefore), to measure the old and the new pass in one run; nothing else may.
 */
export async function lostConnectionsAsBefore(
  shared: AccessService,
  hocuspocus: Hocuspocus,
  now: Date,
): Promise<OpenConnection[]> {
  const callers = new Map<string, Promise<Caller | null>>();
  const places = await loadNotePlaces(shared, openNoteIds(hocuspocus));
  const access = {
    ...withRememberedVaultAccess(shared),
    notePlaces: async (docId: string) => places.get(docId) ?? null,
  };
  const lost: OpenConnection[] = [];
  for (const connection of openConnections(hocuspocus)) {
    const ref = connection.caller;
    const key = ref.kind === 'session' ? `s:${ref.sessionHash}` : `t:${ref.tokenId}`;
    if (!callers.has(key)) callers.set(key, callerOfRef(access, ref, now));
    const caller = await callers.get(key);
    const rights = caller ? await decideDocument(access, caller, connection.documentName, now) : undefined;
    if (hasLostRight(connection, rights)) lost.push(connection);
  }
  return lost;
}

async function loadNotePlaces(access: AccessService, docIds: readonly string[]): Promise<Map<string, NotePlace>> {
  const places = new Map<string, NotePlace>();
  for (let start = 0; start < docIds.length; start += KEYS_PER_STATEMENT) {
    const rows = await access.prisma.note.findMany({
      where: { docId: { in: docIds.slice(start, start + KEYS_PER_STATEMENT) } },
      select: { docId: true, vaultId: true, path: true },
    });
    for (const row of rows) places.set(row.docId, { vaultId: row.vaultId, path: row.path });
  }
  return places;
}

function withRememberedVaultAccess(access: AccessService): AccessService {
  const remembered = new Map<string, ReturnType<AccessService['callers']['vaultAccess']>>();
  const keyOf = (caller: Caller, vaultId: string) =>
    `${caller.user.id}|${caller.kind === 'token' ? caller.token.id : ''}|${vaultId}`;
  const vaultAccess: AccessService['callers']['vaultAccess'] = (caller, vaultId, now) => {
    const key = keyOf(caller, vaultId);
    let found = remembered.get(key);
    if (!found) {
      found = access.callers.vaultAccess(caller, vaultId, now);
      remembered.set(key, found);
    }
    return found;
  };
  return { ...access, callers: { ...access.callers, vaultAccess } };
}
