import type { RelayCluster } from './relayCluster';

/**
 * Lets several seeds share one cluster. A kill is chaos for every run still playing, but a run that has
 * healed and is checking must see its relays up: checks hold a lease, a kill waits until no lease is held
 * (new leases wait behind it, so kills are never starved) and leases wait until killed relays are back.
 */
export interface RelayGate {
  kill(index: number): Promise<void>;
  restart(index: number): Promise<void>;
  withRelaysUp<T>(work: () => Promise<T>): Promise<T>;
}

const gates = new WeakMap<RelayCluster, RelayGate>();

export function gateOf(cluster: RelayCluster): RelayGate {
  let gate = gates.get(cluster);
  if (!gate) {
    gate = createGate(cluster);
    gates.set(cluster, gate);
  }
  return gate;
}

function createGate(cluster: RelayCluster): RelayGate {
  let leases = 0;
  const drained: Array<() => void> = [];
  // Settles when every relay killed through the gate is up again.
  let down: { promise: Promise<void>; resolve: () => void } | null = null;
  const killed = new Set<number>();

  const waitForNoLeases = () =>
    leases === 0 ? Promise.resolve() : new Promise<void>((resolve) => drained.push(resolve));
  const release = () => {
    leases -= 1;
    if (leases > 0) return;
    for (const resolve of drained.splice(0)) resolve();
  };

  return {
    async kill(index) {
      down ??= deferred();
      killed.add(index);
      await waitForNoLeases();
      if (cluster.isUp(index)) await cluster.kill(index);
    },
    async restart(index) {
      if (!killed.has(index)) return;
      killed.delete(index);
      if (!cluster.isUp(index)) await cluster.start(index);
      if (killed.size === 0 && down) {
        down.resolve();
        down = null;
      }
    },
    async withRelaysUp(work) {
      while (down) await down.promise;
      leases += 1;
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
