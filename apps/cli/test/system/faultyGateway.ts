import { connect, createServer, type Server, type Socket } from 'node:net';
import { type Faults, type FaultyProxy, startFaultyProxy } from 'baalda-relay/testing';

/**
 * One writer's way to the relay, on one address as the relay itself has: plain HTTP passes through, and
 * the sync socket (`/sync`) goes through a faulty proxy that drops, duplicates and reorders its messages.
 * The link can be cut (every connection dropped now) and taken down (new connections refused too), as a
 * flaky network or a sleeping laptop does. The relay behind it may be down: connections then fail.
 */
export interface FaultyGateway {
  /** `http://127.0.0.1:<port>`: the writer's relay URL (its sync socket is `ws://…/sync`). */
  readonly url: string;
  setFaults(faults: Faults): void;
  /** Drops every open connection; the writer reconnects on its own. */
  cut(): void;
  /** While down, every connection is dropped and new ones are refused. */
  setDown(down: boolean): void;
  isDown(): boolean;
  close(): Promise<void>;
}

// A WebSocket upgrade is always a connection's first request (`ws` opens a socket of its own for it).
const SYNC_UPGRADE = /^GET \/sync[ ?]/;

/** Starts a gateway in front of the relay on `relayPort` (which may restart on that same port). */
export async function startFaultyGateway(relayPort: number, random: () => number): Promise<FaultyGateway> {
  const proxy: FaultyProxy = await startFaultyProxy(`ws://127.0.0.1:${relayPort}/sync`, random);
  const proxyPort = Number(new URL(proxy.url).port);
  const open = new Set<Socket>();
  let down = false;
  const server: Server = createServer((client) => {
    if (down) return void client.destroy();
    track(open, client);
    client.once('data', (first: Buffer) => {
      const upstream = connect(SYNC_UPGRADE.test(first.toString('latin1')) ? proxyPort : relayPort, '127.0.0.1');
      track(open, upstream);
      splice(client, upstream, first);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const cut = () => {
    for (const socket of open) socket.destroy();
    proxy.cutAll();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    setFaults: (faults) => proxy.setFaults(faults),
    cut,
    setDown(next) {
      down = next;
      if (down) cut();
    },
    isDown: () => down,
    async close() {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await proxy.close();
    },
  };
}

/** Sends `first` on, then pipes both ways; either end closing closes the other. */
function splice(client: Socket, upstream: Socket, first: Buffer): void {
  const drop = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on('close', drop);
  upstream.on('close', drop);
  upstream.write(first);
  client.pipe(upstream).pipe(client);
}

// A reset or refused connection is what this link is for: it must never end the test process.
function track(open: Set<Socket>, socket: Socket): void {
  open.add(socket);
  socket.on('error', () => socket.destroy());
  socket.on('close', () => open.delete(socket));
}
