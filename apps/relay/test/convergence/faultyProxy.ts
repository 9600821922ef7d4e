import type { AddressInfo } from 'node:net';
import WebSocket, { type RawData, WebSocketServer } from 'ws';

/** How often the proxy misbehaves, per message and direction (0 = never). */
export interface Faults {
  readonly drop: number;
  readonly duplicate: number;
  /** Holds a message back until the next one in the same direction has gone (or 30 ms passed). */
  readonly reorder: number;
}

export const NO_FAULTS: Faults = { drop: 0, duplicate: 0, reorder: 0 };

/**
 * A WebSocket proxy between clients and one relay that drops, duplicates and reorders whole messages —
 * the faults of a flaky network and of a load balancer that replays — as the test tells it to. Each
 * client socket gets its own socket to the relay; when either end closes, the other is closed too, so a
 * killed relay looks to its clients like a dropped connection.
 */
export interface FaultyProxy {
  readonly url: string;
  setFaults(faults: Faults): void;
  /** Cuts every connection now (clients reconnect through the proxy on their own). */
  cutAll(): void;
  /** Messages dropped, duplicated and reordered so far. */
  readonly counts: { dropped: number; duplicated: number; reordered: number };
  close(): Promise<void>;
}

export async function startFaultyProxy(relaySyncUrl: string, random: () => number): Promise<FaultyProxy> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  let faults = NO_FAULTS;
  const counts = { dropped: 0, duplicated: 0, reordered: 0 };
  const pairs = new Set<{ client: WebSocket; relay: WebSocket }>();
  const policy = { faults: () => faults, random, counts };

  server.on('connection', (client) => {
    const relay = new WebSocket(relaySyncUrl);
    const pair = { client, relay };
    pairs.add(pair);
    const toRelay = faultyLane(policy, (data) => relay.send(data));
    const toClient = faultyLane(policy, (data) => client.readyState === WebSocket.OPEN && client.send(data));
    const early: RawData[] = [];
    client.on('message', (data) => (relay.readyState === WebSocket.OPEN ? toRelay(data) : early.push(data)));
    relay.on('open', () => {
      for (const data of early.splice(0)) toRelay(data);
    });
    relay.on('message', (data) => toClient(data));
    const cut = () => {
      pairs.delete(pair);
      client.terminate();
      relay.terminate();
    };
    for (const socket of [client, relay]) {
      socket.on('close', cut);
      socket.on('error', cut);
    }
  });

  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/sync`,
    counts,
    setFaults: (next) => {
      faults = next;
    },
    cutAll: () => {
      for (const pair of pairs) {
        pair.client.terminate();
        pair.relay.terminate();
      }
      pairs.clear();
    },
    close: async () => {
      for (const pair of pairs) {
        pair.client.terminate();
        pair.relay.terminate();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface LanePolicy {
  faults(): Faults;
  random(): number;
  readonly counts: FaultyProxy['counts'];
}

/** One direction of one connection: decides each message's fate and keeps at most one held back. */
function faultyLane(policy: LanePolicy, send: (data: RawData) => void): (data: RawData) => void {
  let held: { data: RawData; timer: NodeJS.Timeout } | null = null;
  const release = () => {
    if (!held) return;
    clearTimeout(held.timer);
    const { data } = held;
    held = null;
    safeSend(send, data);
  };
  return (data) => {
    const faults = policy.faults();
    if (policy.random() < faults.drop) {
      policy.counts.dropped += 1;
      return;
    }
    const copies = policy.random() < faults.duplicate ? 2 : 1;
    if (copies === 2) policy.counts.duplicated += 1;
    if (!held && policy.random() < faults.reorder) {
      policy.counts.reordered += 1;
      held = { data, timer: setTimeout(release, 30) };
      if (copies === 2) safeSend(send, data);
      return;
    }
    for (let copy = 0; copy < copies; copy += 1) safeSend(send, data);
    release();
  };
}

// A socket that closed between the decision and the send just loses the message, like a network would.
function safeSend(send: (data: RawData) => void, data: RawData): void {
  try {
    send(data);
  } catch {}
}
