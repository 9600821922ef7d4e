import type { OpOutcome, Result, VaultOp } from '@baalda/core';
import type { RelayCallCode } from '../relayApi';
import type { LocalTree } from './localTree';
import type { VaultSnapshot } from './vaultSnapshot';
import type { VaultStorage } from './vaultStorage';

type WithoutOpId<Op> = Op extends VaultOp ? Omit<Op, 'opId'> : never;

/** A tree op as the UI asks for it; the store gives it its opId. */
export type VaultOpRequest = WithoutOpId<VaultOp>;

/** A refusal to show in the tree until dismissed. */
export interface TreeNotice {
  readonly id: number;
  readonly message: string;
}

/** A problem worth telling the person about; being offline is not one (the badge already says so). */
export interface VaultProblem {
  readonly code: string;
  readonly message: string;
}

/** Everything the sidebar renders. */
export interface VaultState extends LocalTree {
  /** False until this device's own copy (snapshot and outbox) has been read. */
  readonly ready: boolean;
  /** Tree ops the relay has not answered yet. */
  readonly pendingOps: number;
  readonly notices: readonly TreeNotice[];
  readonly problem: VaultProblem | null;
}

/** What the store needs from the outside world; tests pass fakes. */
export interface VaultStoreDeps {
  readonly storage: VaultStorage;
  fetchSnapshot(): Promise<Result<{ snapshot: VaultSnapshot }, RelayCallCode>>;
  postOps(ops: readonly VaultOp[]): Promise<Result<{ version: number; results: OpOutcome[] }, RelayCallCode>>;
  now(): number;
  newId(): string;
}

/** The local vault: relay snapshot + outbox, with the sending and refreshing that keeps them in step. */
export interface VaultStore {
  /** Reads this device's copy; call once before anything else. */
  start(): Promise<void>;
  getState(): VaultState;
  subscribe(listener: () => void): () => void;
  /** Applies an op here at once (refused ops change nothing and are not queued), queues it, and sends it. */
  perform(request: VaultOpRequest): Promise<OpOutcome>;
  /** Fetches the relay's tree and rebuilds the local one. */
  refresh(): Promise<void>;
  /** Sends every queued op, in order, in batches. */
  flush(): Promise<void>;
  /** The relay announced a tree version; fetch it unless we have it. */
  noticeTreeVersion(version: number): void;
  dismissNotice(id: number): void;
}

export const INITIAL_VAULT_STATE: VaultState = {
  ready: false,
  notes: [],
  folders: [],
  trash: [],
  pendingOps: 0,
  notices: [],
  problem: null,
};

/** The code of a problem with this browser's own storage (IndexedDB), as opposed to one with the relay. */
export const LOCAL_STORAGE_FAILED = 'LOCAL_STORAGE_FAILED';
