import { formatNoteDocumentName, formatVaultDocumentName, type VaultNote } from '@baalda/core';
import { DocumentWindow, quietWebSocket, WindowedProvider } from '@baalda/sync-client';
import { HocuspocusProviderWebsocket, WebSocketStatus } from '@hocuspocus/provider';
import { randomId } from 'baalda-relay/testing';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { editDocument, writeNewNote } from './deviceEdits';
import { type DeviceTree, openDeviceTree, type TreeRequest } from './deviceTree';
import type { WriteLedger, WriterName } from './writeLedger';

/** Reconnect quickly: a system run cuts connections often and must stay short. */
const RECONNECT = { delay: 40, minDelay: 20, maxDelay: 400, factor: 1.5, jitter: true } as const;
const FOLDERS = ['Notes', 'Notes/Later', 'Plans'];
const NAMES = ['Plan.md', 'Ideas.md', 'Todo.md', 'Week.md'];

/** Goes offline as the web app does (apps/web/lib/syncSocket.ts): the socket counts as closed at once. */
class DeviceSocket extends HocuspocusProviderWebsocket {
  dropConnection(): void {
    this.disconnect();
    if (this.status !== WebSocketStatus.Disconnected) this.emit('close', { event: { code: 4000, reason: 'offline' } });
  }
}

/**
 * One person's web device (alice's, bob's): the app's sync socket with a provider per opened note
 * (WindowedProvider, SW1), the vault channel, and the app's own tree store (outbox and snapshot). It edits
 * notes as the editor does and changes the tree as the sidebar does, online or not.
 */
export class Device {
  /** Every note this device opened, by docId. */
  readonly docs = new Map<string, Y.Doc>();
  private readonly socket: DeviceSocket;
  private readonly window = new DocumentWindow();
  private readonly providers = new Map<string, WindowedProvider>();
  private readonly denied = new Map<string, string>();

  private constructor(
    readonly name: WriterName,
    readonly tree: DeviceTree,
    private readonly network: { online: boolean },
    private readonly options: { url: string; vaultId: string; token: string; ledger: WriteLedger },
  ) {
    const url = `${options.url.replace(/^http/, 'ws')}/sync`;
    this.socket = new DeviceSocket({ url, WebSocketPolyfill: quietWebSocket(WebSocket), ...RECONNECT });
    this.attach(formatVaultDocumentName(options.vaultId), new Y.Doc(), {
      priority: 'foreground',
      onStateless: ({ payload }: { payload: string }) => {
        const version = treeVersionOf(payload);
        if (version !== null) tree.noticeTreeVersion(version);
      },
      // As the web app catches up on every (re)connection: send the outbox, then fetch the tree.
      onSynced: ({ state }: { state: boolean }) => {
        if (state) void tree.flush().then(() => tree.refresh());
      },
    });
  }

  static async open(options: { name: WriterName; url: string; vaultId: string; token: string; ledger: WriteLedger }) {
    const network = { online: true };
    const tree = await openDeviceTree(options.url, options.vaultId, options.token, () => network.online);
    return new Device(options.name, tree, network, options);
  }

  /** Opens a note (as the person clicking it in the sidebar); answers its document. */
  open(docId: string): Y.Doc {
    const existing = this.docs.get(docId);
    if (existing) return existing;
    const doc = new Y.Doc();
    this.docs.set(docId, doc);
    this.attach(formatNoteDocumentName(docId), doc);
    return doc;
  }

  /** One random thing the person does; says what. */
  act(random: () => number): Promise<string> {
    return actOn(
      { name: this.name, tree: this.tree, open: (docId) => this.open(docId), ledger: this.options.ledger },
      random,
    );
  }

  isOnline(): boolean {
    return this.network.online;
  }

  /** The browser's `offline` and `online` events: the socket drops or reconnects, the outbox waits or goes. */
  setOnline(online: boolean): void {
    if (online === this.network.online) return;
    this.network.online = online;
    if (!online) {
      this.socket.dropConnection();
      return;
    }
    // connect() rejects when a later disconnect aborts its retries; the run does that on purpose.
    this.socket.connect().catch(() => {});
    void this.tree.flush().then(() => this.tree.refresh());
  }

  /** Connected, every opened note past its handshake with nothing unacknowledged (or refused by the relay). */
  isSynced(): boolean {
    const connected = this.network.online && this.socket.status === WebSocketStatus.Connected;
    return connected && [...this.providers.values()].every((provider) => this.isProviderSynced(provider));
  }

  /** Why it is not synced. */
  syncState(): string {
    const waiting = [...this.providers.values()]
      .filter((provider) => !this.isProviderSynced(provider))
      .map(
        (provider) =>
          `${provider.configuration.name}: synced ${provider.isSynced}, authenticated ${provider.isAuthenticated}, unacknowledged ${provider.unsyncedChanges}`,
      );
    const pendingOps = this.tree.getState().pendingOps;
    const state = `${this.name} (${this.network.online ? 'online' : 'offline'}, socket ${this.socket.status}, ${pendingOps} ops pending)`;
    return [state, ...waiting].join('; ');
  }

  destroy(): void {
    for (const provider of this.providers.values()) provider.destroy();
    this.socket.destroy();
  }

  private isProviderSynced(provider: WindowedProvider): boolean {
    if (this.denied.has(provider.configuration.name)) return true;
    return provider.isSynced && provider.isAuthenticated && provider.unsyncedChanges === 0;
  }

  private attach(documentName: string, document: Y.Doc, extra: object = {}): void {
    const provider = new WindowedProvider({
      websocketProvider: this.socket,
      window: this.window,
      name: documentName,
      document,
      token: this.options.token,
      onAuthenticationFailed: ({ reason }) => void this.denied.set(documentName, reason),
      onAuthenticated: () => void this.denied.delete(documentName),
      ...extra,
    });
    provider.attach();
    this.providers.set(documentName, provider);
  }
}

interface Actor {
  readonly name: WriterName;
  readonly tree: DeviceTree;
  readonly open: (docId: string) => Y.Doc;
  readonly ledger: WriteLedger;
}

async function actOn(actor: Actor, random: () => number): Promise<string> {
  const { notes, trash } = actor.tree.getState();
  const roll = random();
  if (notes.length > 0 && roll < 0.72) {
    const note = pick(notes, random);
    return `${note.path}: ${editDocument(actor.open(note.docId), actor.name, actor.ledger, random)}`;
  }
  const request = treeRequest(notes, trash, random);
  const outcome = await actor.tree.perform(request);
  if (request.kind === 'restoreNote') actor.ledger.recordRestore(Date.now());
  if (outcome.ok && request.kind === 'createNote') {
    const key = writeNewNote(actor.open(request.docId), actor.name, actor.ledger);
    return `created ${key} at ${request.path}`;
  }
  return `${request.kind} ${'docId' in request ? request.docId : ''} ${'path' in request ? request.path : ''}: ${outcome.ok ? 'done here' : outcome.code}`;
}

function treeRequest(notes: readonly VaultNote[], trash: readonly VaultNote[], random: () => number): TreeRequest {
  const path = `${pick(FOLDERS, random)}/${pick(NAMES, random)}`;
  const roll = random();
  if (notes.length === 0 || roll < 0.3) return { kind: 'createNote', docId: randomId(), path, createdAt: Date.now() };
  if (trash.length > 0 && roll > 0.85) return { kind: 'restoreNote', docId: pick(trash, random).docId };
  const { docId } = pick(notes, random);
  return roll < 0.65 ? { kind: 'moveNote', docId, path } : { kind: 'trashNote', docId };
}

function treeVersionOf(payload: string): number | null {
  try {
    const message = JSON.parse(payload) as { type?: unknown; version?: unknown };
    return message.type === 'treeChanged' && typeof message.version === 'number' ? message.version : null;
  } catch {
    return null;
  }
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}
