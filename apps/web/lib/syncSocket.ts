import type { ConnectionStatus } from '@baalda/core';
import { DocumentWindow, quietWebSocket } from '@baalda/sync-client';
import { HocuspocusProviderWebsocket, WebSocketStatus } from '@hocuspocus/provider';

/**
 * The one WebSocket the whole app shares: every open note's provider is multiplexed over it.
 * It also owns the reaction to the browser's `offline`/`online` events, because a socket can stay "open"
 * long after the network is gone (Chromium's offline emulation does this, and so do real dead links).
 */
class SyncSocket extends HocuspocusProviderWebsocket {
  /** Treats the socket as closed now instead of waiting for a close handshake that may never finish. */
  dropConnection(reason: string): void {
    this.disconnect();
    if (this.status === WebSocketStatus.Disconnected) return;
    // Emitting `close` runs the same path as a real close: the socket cleans up, and every attached
    // provider forgets its handshake, so no note keeps claiming to be synced.
    this.emit('close', { event: { code: 4000, reason } });
  }
}

let socket: SyncSocket | undefined;
// One window per socket (SW1): every provider on the shared socket, notes and the vault channel, queues here.
const syncWindow = new DocumentWindow();
const listeners = new Set<() => void>();

/** The `/sync` URL on the page's own origin (the relay serves both the app and the socket). */
export function syncUrlFor(location: { protocol: string; host: string }): string {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${location.host}/sync`;
}

/** The shared socket, created on first use in the browser. */
export function getSyncSocket(): HocuspocusProviderWebsocket {
  socket ??= createSocket();
  return socket;
}

/** The shared socket's document window (SW1): every provider attached to {@link getSyncSocket} must use it. */
export function getSyncWindow(): DocumentWindow {
  return syncWindow;
}

/**
 * Opens the socket again after a sign-in: the WebSocket upgrade carries the session cookie, so a socket
 * opened before (signed out, or as someone else) must not go on speaking for the new session.
 */
export function reconnectSyncSocket(): void {
  if (!socket) return;
  socket.dropConnection('signed in');
  if (navigator.onLine) void socket.connect();
}

/** The connection as the sync badge should see it: never "connected" while the browser says it's offline. */
export function getConnectionStatus(): ConnectionStatus {
  if (!socket || !navigator.onLine) return 'disconnected';
  if (socket.status === WebSocketStatus.Connected) return 'connected';
  return socket.status === WebSocketStatus.Connecting ? 'connecting' : 'disconnected';
}

/** Calls `listener` whenever {@link getConnectionStatus} may have changed. */
export function subscribeToConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function createSocket(): SyncSocket {
  const created = new SyncSocket({
    url: syncUrlFor(window.location),
    autoConnect: navigator.onLine,
    // SW2: the one sync socket class of the web app, the CLI and the tests.
    WebSocketPolyfill: quietWebSocket(WebSocket),
  });
  created.on('status', notifyListeners);
  window.addEventListener('offline', () => {
    created.dropConnection('browser went offline');
    notifyListeners();
  });
  window.addEventListener('online', () => {
    void created.connect();
    notifyListeners();
  });
  return created;
}

function notifyListeners(): void {
  for (const listener of listeners) listener();
}
