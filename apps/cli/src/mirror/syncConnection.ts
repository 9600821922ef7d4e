import { formatNoteDocumentName, formatVaultDocumentName } from '@baalda/core';
import { DocumentWindow, quietWebSocket, WindowedProvider } from '@baalda/sync-client';
import { HocuspocusProviderWebsocket, WebSocketStatus } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { z } from 'zod';

/** One note's provider on the shared socket. */
export interface NoteLink {
  /** Past the handshake, with every local update acknowledged by the relay. */
  isSynced(): boolean;
  /** The relay's first sync answer arrived at least once (so the document holds the relay's text). */
  hasSynced(): boolean;
  /** The relay's refusal (`NOT_FOUND: …`), or null. */
  denial(): string | null;
  /** True when the relay opened the note read-only (a viewer, a read-only token). */
  isReadOnly(): boolean;
  close(): void;
}

/** The mirror's one WebSocket to the relay: its note providers and the vault channel. */
export interface SyncConnection {
  linkNote(docId: string, doc: Y.Doc): NoteLink;
  isConnected(): boolean;
  /** Documents waiting for a slot in the socket's window, or for the relay's answer (SW1). */
  waitingCount(): number;
  close(): void;
}

/** What the connection tells the mirror. */
export interface SyncEvents {
  /** The tree changed (the vault channel's `treeChanged`), or the channel (re)connected and may have missed one. */
  onTreeChanged(): void;
}

/** `http(s)://host[/prefix]` → `ws(s)://host[/prefix]/sync`. */
export function syncUrlOf(baseUrl: string): string {
  return `${baseUrl.replace(/\/$/, '').replace(/^http/, 'ws')}/sync`;
}

// One class for every socket: a socket error must never end the mirror (SW2).
const MirrorWebSocket = quietWebSocket(WebSocket);

/**
 * Opens the socket (it reconnects by itself, backing off to 5 s) and the `vault:<id>` channel. Every
 * document is authenticated with the token on its own (ACL4), as the browser's are with its cookie, a
 * bounded number at a time (SW1): the channel first, then the notes.
 */
export function openSyncConnection(
  relay: { baseUrl: string; token: string; vaultId: string },
  events: SyncEvents,
): SyncConnection {
  const socket = new HocuspocusProviderWebsocket({
    url: syncUrlOf(relay.baseUrl),
    WebSocketPolyfill: MirrorWebSocket,
    delay: 500,
    minDelay: 250,
    maxDelay: 5000,
  });
  const window = new DocumentWindow();
  const channel = openVaultChannel({ socket, window }, relay, events);
  return {
    linkNote: (docId, doc) => linkNote({ socket, window }, relay.token, docId, doc),
    isConnected: () => socket.status === WebSocketStatus.Connected,
    waitingCount: () => window.waitingCount + window.pendingCount,
    close() {
      channel.destroy();
      socket.destroy();
    },
  };
}

// The channel keeps its awareness: the socket's liveness check needs some traffic, and the note
// providers send none of their own (awareness: null), so a thousand notes cost no timers.
function openVaultChannel(
  { socket, window }: SocketParts,
  relay: { token: string; vaultId: string },
  events: SyncEvents,
): WindowedProvider {
  const channel = new WindowedProvider({
    websocketProvider: socket,
    window,
    priority: 'foreground',
    name: formatVaultDocumentName(relay.vaultId),
    document: new Y.Doc(),
    token: relay.token,
    onStateless: ({ payload }) => {
      if (isTreeChanged(payload)) events.onTreeChanged();
    },
    onSynced: () => events.onTreeChanged(),
  });
  channel.attach();
  return channel;
}

// The relay's stateless message when the vault's tree changed (the mirror then reads the tree again).
const TREE_CHANGED = z.object({ type: z.literal('treeChanged') });

function isTreeChanged(payload: string): boolean {
  try {
    return TREE_CHANGED.safeParse(JSON.parse(payload)).success;
  } catch {
    return false;
  }
}

interface SocketParts {
  readonly socket: HocuspocusProviderWebsocket;
  readonly window: DocumentWindow;
}

function linkNote({ socket, window }: SocketParts, token: string, docId: string, doc: Y.Doc): NoteLink {
  let denial: string | null = null;
  let readOnly = false;
  let synced = false;
  const provider = new WindowedProvider({
    websocketProvider: socket,
    window,
    name: formatNoteDocumentName(docId),
    document: doc,
    token,
    awareness: null,
    onAuthenticated: ({ scope }) => {
      denial = null;
      readOnly = scope === 'readonly';
    },
    onAuthenticationFailed: ({ reason }) => {
      denial = reason;
    },
    onSynced: () => {
      synced = true;
    },
  });
  provider.attach();
  return {
    isSynced: () => provider.isSynced && provider.unsyncedChanges === 0,
    hasSynced: () => synced,
    denial: () => denial,
    isReadOnly: () => readOnly,
    close: () => provider.destroy(),
  };
}
