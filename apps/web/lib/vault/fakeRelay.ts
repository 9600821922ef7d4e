import { createMemoryVault, fail, type OpOutcome, type VaultOp } from '@baalda/core';
import { createSerialQueue } from '../taskQueue';
import type { VaultStoreDeps } from './vaultStoreTypes';

/**
 * A relay for unit tests: the same core planner the real relay runs, behind the two calls the store makes,
 * with a switch for being unreachable. Each answered batch bumps the version, as the real one does.
 * Batches are applied one at a time, as the relay's transactions do: a memory vault planning two ops at
 * once could let both see a path as free.
 */
export interface FakeRelay {
  online: boolean;
  version: number;
  readonly vault: ReturnType<typeof createMemoryVault>;
  readonly batches: VaultOp[][];
  /** Makes the next `postOps` answer with this failure instead. */
  failNextPost?: { code: string; message: string };
  deps(): Pick<VaultStoreDeps, 'fetchSnapshot' | 'postOps'>;
}

export function createFakeRelay(clock: () => number): FakeRelay {
  const serial = createSerialQueue();
  const relay: FakeRelay = {
    online: true,
    version: 0,
    vault: createMemoryVault(),
    batches: [],
    deps: () => ({
      async fetchSnapshot() {
        if (!relay.online) return fail('NETWORK_UNAVAILABLE', 'offline');
        const { notes, folders } = relay.vault.tree();
        return { ok: true, snapshot: { version: relay.version, notes, folders, trash: relay.vault.trash() } };
      },
      postOps: (ops) =>
        serial(async () => {
          if (!relay.online) return fail('NETWORK_UNAVAILABLE', 'offline');
          const failure = relay.failNextPost;
          relay.failNextPost = undefined;
          if (failure) return fail(failure.code, failure.message);
          relay.batches.push([...ops]);
          const results: OpOutcome[] = [];
          for (const op of ops) results.push(await relay.vault.apply(op, clock()));
          relay.version += 1;
          return { ok: true, version: relay.version, results };
        }),
    }),
  };
  return relay;
}
