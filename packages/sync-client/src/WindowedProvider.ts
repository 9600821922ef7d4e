import { HocuspocusProvider, type HocuspocusProviderConfiguration } from '@hocuspocus/provider';
import type { DocumentWindow, WindowPriority } from './DocumentWindow';

/** A provider's settings, plus the window of its socket and its place in line. */
export type WindowedProviderConfiguration = HocuspocusProviderConfiguration & {
  readonly window: DocumentWindow;
  readonly priority?: WindowPriority;
};

// WebSocket.OPEN, the same in browsers and in `ws`.
const OPEN = 1;

// The provider's own `send` is typed by its message classes, which the package does not export.
type SendArguments = Parameters<HocuspocusProvider['send']>;

/**
 * SW1: a Hocuspocus provider that speaks on its socket only once the socket's window gave it a slot.
 * Stock providers all send their token and first sync message the moment a socket opens, so a client with
 * hundreds of documents on one socket broke the relay's pre-authentication limits on every reconnect and
 * was closed again, forever. Until it holds a slot this provider sends nothing at all: a local edit made
 * meanwhile is not lost, it travels in the sync handshake that follows the slot (state vectors).
 */
export class WindowedProvider extends HocuspocusProvider {
  private readonly documentWindow: DocumentWindow;
  private priority: WindowPriority;
  private holdsSlot = false;
  // Bumped by every close, so a slot granted after its socket closed again is not used on the next one.
  private connection = 0;

  constructor(configuration: WindowedProviderConfiguration) {
    super(configuration);
    this.documentWindow = configuration.window;
    this.priority = configuration.priority ?? 'background';
  }

  /** From now on this document goes before background ones, also if it is in line right now. */
  promote(): void {
    this.priority = 'foreground';
    this.documentWindow.promote(this);
  }

  override async onOpen(event: Event): Promise<void> {
    // Every open starts a connection of its own, also one that came without a close event before it:
    // Hocuspocus's websocket, asked to connect while an attempt is open (two reconnect loops, seen under
    // load), drops that socket silently. Its slots and waiters then carried over, and every document
    // spoke at once on the new socket, which the relay refused (WS9).
    this.connection += 1;
    this.holdsSlot = false;
    this.synced = false;
    const connection = this.connection;
    this.isAuthenticated = false;
    const granted = await this.documentWindow.request(this, this.priority);
    if (!granted || connection !== this.connection || !this.isAttached) return;
    this.holdsSlot = true;
    await super.onOpen(event);
  }

  // Only on an open socket: the socket queues what is sent while it is closing or connecting and flushes
  // it after the next open, before this document holds a slot there. Those frames broke SW1, and the stale
  // acknowledgements they drew could count the next handshake as done before the relay had its edits.
  override send(...args: SendArguments): void {
    if (this.holdsSlot && this.configuration.websocketProvider.webSocket?.readyState === OPEN) super.send(...args);
  }

  override onClose(): void {
    this.connection += 1;
    this.holdsSlot = false;
    this.documentWindow?.withdraw(this);
    super.onClose();
    this.forgetOthersClocks();
  }

  // The provider drops the others' awareness states on close but keeps their clocks. After a reconnect the
  // relay sends each state again at the clock last seen, which y-protocols ignores as not newer: people who
  // were there stayed invisible until they next moved their caret or renewed their state (15 s).
  private forgetOthersClocks(): void {
    const awareness = this.awareness;
    if (!awareness) return;
    for (const clientId of [...awareness.meta.keys()]) {
      if (clientId !== awareness.clientID && !awareness.states.has(clientId)) awareness.meta.delete(clientId);
    }
  }

  override authenticatedHandler(scope: string): void {
    this.documentWindow.settle(this);
    super.authenticatedHandler(scope);
  }

  override permissionDeniedHandler(reason: string): void {
    this.documentWindow.settle(this);
    super.permissionDeniedHandler(reason);
  }

  // The close message goes out first (while the slot still lets it), then the slot is given back.
  override detach(): void {
    super.detach();
    this.connection += 1;
    this.holdsSlot = false;
    this.documentWindow?.withdraw(this);
  }
}
