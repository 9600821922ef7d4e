import WebSocket from 'ws';

/**
 * `ws` emits 'error' when a socket still connecting is closed, which the provider does when it disconnects,
 * retries or is destroyed mid-handshake (often, in chaos runs and refusal tests); with no listener that
 * error would be uncaught and fail the whole test run.
 */
export class QuietWebSocket extends WebSocket {
  constructor(...args: ConstructorParameters<typeof WebSocket>) {
    super(...args);
    this.on('error', () => {});
  }
}
