// biome-ignore lint/suspicious/noExplicitAny: a mixin's base must take any arguments (TS2545)
type MixinArguments = any[];

/** What the sync socket needs of a WebSocket class: the browser's, or `ws`'s in Node. */
export type WebSocketClass = new (
  ...args: MixinArguments
) => {
  addEventListener(type: 'error', listener: (event: unknown) => void): void;
};

/**
 * A WebSocket class whose sockets always have an `error` listener. The provider closes a socket that is
 * still connecting whenever it retries, disconnects or is destroyed, and `ws` then emits "WebSocket was
 * closed before the connection was established" as an `error` event: with no listener, Node treats it as
 * uncaught and the process ends (the mirror died this way). The socket's `close` event follows, and the
 * provider reconnects from there, so the error itself needs no handling. Used by every sync socket the web
 * app, the CLI and the tests open.
 */
export function quietWebSocket<T extends WebSocketClass>(Base: T): T {
  return class QuietWebSocket extends Base {
    constructor(...args: MixinArguments) {
      super(...args);
      this.addEventListener('error', () => {});
    }
  };
}
