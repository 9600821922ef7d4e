import { formatNoteDocumentName, formatVaultDocumentName, type OpOutcome, type VaultOp } from '@baalda/core';
import { HocuspocusProvider, HocuspocusProviderWebsocket, WebSocketStatus } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { QuietWebSocket } from '../quietWebSocket';
import { type EditJournal, makeRandomEdit, newJournal } from './noteEdits';

/**
 * One person's device in a chaos run: a socket through a faulty proxy carrying one provider per note and
 * the vault channel, the edits it made (journals), and the tree ops it sent with every answer it heard.
 * Like the web app it keeps unanswered ops and sends them again, with the same op ids (OP3).
 */
export interface ChaosClient {
  readonly name: string;
  readonly docs: Map<string, Y.Doc>;
  readonly journals: Map<string, EditJournal>;
  /** Every answer heard per op id (duplicated deliveries answer more than once). */
  readonly answers: Map<string, OpOutcome[]>;
  readonly pendingOps: Map<string, VaultOp>;
  isOnline(): boolean;
  goOffline(): void;
  goOnline(): void;
  edit(docId: string, random: () => number): void;
  sendOp(op: VaultOp): void;
  resendPendingOps(): void;
  isSynced(): boolean;
  /** Why the client is not synced: the socket's status and each provider's that is not. */
  syncState(): string;
  destroy(): void;
}

/** Reconnect quickly: a chaos run cuts connections often and must stay short. */
const RECONNECT = { delay: 40, minDelay: 20, maxDelay: 400, factor: 1.5, jitter: true } as const;

export function openChaosClient(options: {
  name: string;
  clientNumber: number;
  seed: number;
  url: string;
  token: string;
  docIds: readonly string[];
}): ChaosClient {
  const socket = new ChaosSocket({ url: options.url, WebSocketPolyfill: QuietWebSocket, ...RECONNECT });
  const docs = new Map<string, Y.Doc>();
  const journals = new Map<string, EditJournal>();
  const providers: HocuspocusProvider[] = [];
  for (const docId of options.docIds) {
    const doc = new Y.Doc();
    docs.set(docId, doc);
    journals.set(docId, newJournal());
    providers.push(attach(socket, formatNoteDocumentName(docId), doc, options.token));
  }
  const channel = attach(socket, formatVaultDocumentName('default'), new Y.Doc(), options.token);
  providers.push(channel);
  const ops = trackOps(channel);
  let online = true;
  let tokenCount = 0;
  const nextToken = () => {
    tokenCount += 1;
    return `c${options.clientNumber}s${options.seed}e${tokenCount}`;
  };
  return {
    name: options.name,
    docs,
    journals,
    answers: ops.answers,
    pendingOps: ops.pending,
    isOnline: () => online,
    goOffline: () => {
      online = false;
      socket.dropConnection();
    },
    goOnline: () => {
      if (online) return;
      online = true;
      // connect() rejects when a later disconnect aborts its retries; the chaos run does that on purpose.
      socket.connect().catch(() => {});
    },
    edit: (docId, random) =>
      makeRandomEdit(docs.get(docId) as Y.Doc, random, nextToken, journals.get(docId) as EditJournal),
    sendOp: (op) => ops.send(op),
    resendPendingOps: () => {
      for (const op of ops.pending.values()) ops.send(op);
    },
    isSynced: () => online && providers.every((provider) => provider.isSynced && provider.isAuthenticated),
    syncState: () =>
      [
        `${options.name} (${online ? 'online' : 'offline'}, socket ${socket.status})`,
        ...providers
          .filter((provider) => !(provider.isSynced && provider.isAuthenticated))
          .map(
            (provider) =>
              `${provider.configuration.name}: synced ${provider.isSynced}, authenticated ${provider.isAuthenticated}, unsynced changes ${provider.unsyncedChanges}`,
          ),
      ].join('; '),
    destroy: () => {
      for (const provider of providers) provider.destroy();
      socket.destroy();
    },
  };
}

/**
 * Goes offline as the web app does (`dropConnection` in apps/web/lib/syncSocket.ts): the socket counts as
 * closed at once. `disconnect()` alone leaves it "connected" until the close handshake ends, and a
 * `connect()` in that window returns early without wanting a connection again: the socket stays closed.
 */
class ChaosSocket extends HocuspocusProviderWebsocket {
  dropConnection(): void {
    this.disconnect();
    if (this.status !== WebSocketStatus.Disconnected) this.emit('close', { event: { code: 4000, reason: 'offline' } });
  }
}

function attach(socket: HocuspocusProviderWebsocket, name: string, document: Y.Doc, token: string) {
  const provider = new HocuspocusProvider({ websocketProvider: socket, name, document, token });
  provider.attach();
  return provider;
}

/** Sends each op alone (OP4, one op per message) so every answer names exactly one op. */
function trackOps(channel: HocuspocusProvider) {
  const pending = new Map<string, VaultOp>();
  const answers = new Map<string, OpOutcome[]>();
  channel.on('stateless', ({ payload }: { payload: string }) => {
    const message = JSON.parse(payload) as { type?: string; results?: OpOutcome[] };
    if (message.type !== 'opsResult') return;
    for (const outcome of message.results ?? []) {
      answers.set(outcome.opId, [...(answers.get(outcome.opId) ?? []), outcome]);
      pending.delete(outcome.opId);
    }
  });
  return {
    pending,
    answers,
    send(op: VaultOp) {
      if (!answers.has(op.opId)) pending.set(op.opId, op);
      channel.sendStateless(JSON.stringify({ type: 'ops', requestId: op.opId, ops: [op] }));
    },
  };
}
