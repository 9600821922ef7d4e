import { presenceStateFor } from '@baalda/core';
import type {
  beforeHandleAwarenessPayload,
  beforeHandleMessagePayload,
  Connection,
  Document,
  Extension,
} from '@hocuspocus/server';
import type { SyncContext } from '../access/AccessExtension';
import { EXTENSION_PRIORITY } from '../support/extensionOrder';
import { awarenessClientIdsOf } from './awarenessInspector';

// A provider has one awareness, under its Y.Doc's client id; a connection speaking for more is forging them.
const CLIENT_IDS_PER_CONNECTION = 1;

/**
 * PRES7: what a client says about itself in a note's awareness, the relay rewrites before passing it on:
 * the person is the one who opened the connection (name and colour from their account), the caret is kept
 * if well-formed, nothing else survives. A connection speaks for one client id, never for one another
 * person's connection holds. A viewer's states are handled like anyone's (viewers are present too), and
 * nothing here refuses or closes a connection: a state it can't pass on is dropped. Awareness is per
 * document in Hocuspocus, so a state only ever reaches the people with that note open.
 */
export class PresenceExtension implements Extension {
  extensionName = 'PresenceExtension';
  priority = EXTENSION_PRIORITY.presence;
  // The client ids of the awareness message each connection is handling (a connection handles one at a time).
  private readonly sentClientIds = new WeakMap<Connection, ReadonlySet<number>>();

  async beforeHandleMessage({ connection, update }: beforeHandleMessagePayload<SyncContext>) {
    this.sentClientIds.set(connection, awarenessClientIdsOf(update));
  }

  async beforeHandleAwareness({ states, connection, document }: beforeHandleAwarenessPayload<SyncContext>) {
    // Without a connection the states come from another relay (SCALE2), which did this already.
    if (!connection) return;
    const person = (connection.context as SyncContext | undefined)?.presence;
    // Hocuspocus decodes the update into a scratch awareness, whose own empty state is in `states` too.
    const sent = this.sentClientIds.get(connection) ?? new Set();
    for (const [clientId, state] of states) {
      if (person && sent.has(clientId) && claimClientId(document, connection, clientId)) {
        states.set(clientId, presenceStateFor(state, person));
      } else {
        states.delete(clientId);
      }
    }
  }
}

/**
 * Whether `connection` may speak for `clientId`. A client id held by a connection of the same person
 * passes to this one: a provider that reconnected before the relay noticed its old socket was dead
 * comes back under the same id, and its state must go when the new connection closes, not the old one.
 */
function claimClientId(document: Document, connection: Connection, clientId: number): boolean {
  const own = document.getClients(connection);
  if (own.has(clientId)) return true;
  const holder = document.getConnections().find((other) => document.getClients(other).has(clientId));
  if (holder && personOf(holder) !== personOf(connection)) return false;
  if (own.size >= CLIENT_IDS_PER_CONNECTION) return false;
  if (holder) document.getClients(holder).delete(clientId);
  // Hocuspocus only records ids a connection adds; an id taken over is an update, so it is recorded here.
  own.add(clientId);
  return true;
}

function personOf(connection: Connection): string | undefined {
  return (connection.context as SyncContext | undefined)?.presence?.id;
}
