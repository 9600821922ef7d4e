import { HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { DocumentWindow } from './DocumentWindow';
import { WindowedProvider } from './WindowedProvider';

/** A WebSocket that connects only when told to, and records what is sent on it. */
class ScriptedSocket {
  static readonly opened: ScriptedSocket[] = [];
  readyState = 0;
  binaryType = 'arraybuffer';
  readonly sent: Uint8Array[] = [];
  private readonly listeners = new Map<string, Set<(event: unknown) => void>>();

  constructor(readonly url: string) {
    ScriptedSocket.opened.push(this);
  }

  addEventListener(name: string, listener: (event: unknown) => void): void {
    this.listeners.set(name, (this.listeners.get(name) ?? new Set()).add(listener));
  }

  removeEventListener(name: string, listener: (event: unknown) => void): void {
    this.listeners.get(name)?.delete(listener);
  }

  send(data: Uint8Array): void {
    this.sent.push(data);
  }

  close(): void {
    this.readyState = 3;
  }

  open(): void {
    this.readyState = 1;
    for (const listener of this.listeners.get('open') ?? []) listener({});
  }

  /** The document names of the frames sent on this socket. */
  documentsSentTo(): Set<string> {
    const decoder = new TextDecoder();
    return new Set(this.sent.map((frame) => decoder.decode(frame.subarray(1, 1 + (frame[0] ?? 0)))));
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('WindowedProvider', () => {
  it('[SW1] a connection replaced without a close event (an attempt the socket dropped) passes no slot to the next one', async () => {
    const socket = new HocuspocusProviderWebsocket({
      url: 'ws://relay.invalid/sync',
      WebSocketPolyfill: ScriptedSocket,
    });
    const window = new DocumentWindow(2);
    for (const name of ['note:a', 'note:b', 'note:c', 'note:d', 'note:e']) {
      new WindowedProvider({ websocketProvider: socket, window, name, document: new Y.Doc(), token: 't' }).attach();
    }
    await settle();
    const first = ScriptedSocket.opened.at(-1) as ScriptedSocket;
    first.open();
    await settle();
    expect(first.documentsSentTo().size).toBe(2);
    // Hocuspocus's websocket, asked to connect again while an attempt is open (two reconnect loops under
    // load), drops the open socket without a close event and starts another.
    void socket.createWebSocketConnection().catch(() => undefined);
    const second = ScriptedSocket.opened.at(-1) as ScriptedSocket;
    expect(second).not.toBe(first);
    second.open();
    await settle();
    // No answer came on either socket, so no slot was given back: two documents at most spoke on the new one.
    expect(second.documentsSentTo().size).toBeLessThanOrEqual(2);
    socket.destroy();
  });
});
