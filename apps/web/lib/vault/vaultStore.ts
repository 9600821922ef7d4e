import { createMemoryVault, LIMITS, type OpOutcome, type VaultOp } from '@baalda/core';
import { createSerialQueue, createSingleFlight } from '../taskQueue';
import { foldMoveIntoCreate } from './foldOps';
import { readLocalTree, rebuildLocalVault } from './localTree';
import { describeRefusal } from './refusalMessage';
import { EMPTY_SNAPSHOT } from './vaultSnapshot';
import type { OutboxEntry } from './vaultStorage';
import {
  INITIAL_VAULT_STATE,
  LOCAL_STORAGE_FAILED,
  type TreeNotice,
  type VaultOpRequest,
  type VaultProblem,
  type VaultState,
  type VaultStore,
  type VaultStoreDeps,
} from './vaultStoreTypes';

// A few refusals are worth reading; a wall of them is not.
const MAX_NOTICES = 4;

/**
 * The local vault tree = the relay's last snapshot + the outbox of ops it has not reflected yet, replayed
 * through core's planner. Ops are applied here at once, stored (IndexedDB) in order, sent in batches, and
 * dropped once answered: refused ones at once (undone here, with a notice), applied ones when a fetched
 * tree shows them.
 */
export function createVaultStore(deps: VaultStoreDeps): VaultStore {
  return new LocalVaultStore(deps);
}

class LocalVaultStore implements VaultStore {
  private snapshot = EMPTY_SNAPSHOT;
  private entries: OutboxEntry[] = [];
  private local = createMemoryVault();
  private state = INITIAL_VAULT_STATE;
  private ready = false;
  private notices: TreeNotice[] = [];
  private nextNoticeId = 1;
  private relayProblem: VaultProblem | null = null;
  private storageProblem: VaultProblem | null = null;
  private readonly listeners = new Set<() => void>();
  // Ops of a batch on its way: never rewritten (see foldOps) while the relay may be applying them.
  private readonly inFlight = new Set<string>();
  // Every change to snapshot, entries and local runs here, so a rebuild never interleaves with an op.
  private readonly serial = createSerialQueue();
  private readonly flusher = createSingleFlight(() => this.sendAll());
  private readonly refresher = createSingleFlight(() => this.fetchTree());
  private readonly deps: VaultStoreDeps;

  constructor(deps: VaultStoreDeps) {
    this.deps = deps;
  }

  start(): Promise<void> {
    return this.serial(async () => {
      this.snapshot = (await this.persist(() => this.deps.storage.loadSnapshot())) ?? EMPTY_SNAPSHOT;
      this.entries = (await this.persist(() => this.deps.storage.listOutbox())) ?? [];
      await this.rebuild();
      this.ready = true;
      this.publish();
    });
  }

  readonly getState = (): VaultState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  perform(request: VaultOpRequest): Promise<OpOutcome> {
    return this.serial(async () => {
      const op = { ...request, opId: this.deps.newId() } as VaultOp;
      const at = this.deps.now();
      const outcome = await this.local.apply(op, at);
      if (!outcome.ok) return outcome;
      await this.enqueue(op, at);
      this.publish();
      void this.flusher.run();
      return outcome;
    });
  }

  refresh(): Promise<void> {
    return this.refresher.run();
  }

  flush(): Promise<void> {
    return this.flusher.run();
  }

  noticeTreeVersion(version: number): void {
    if (version > this.snapshot.version) void this.refresher.run();
  }

  dismissNotice(id: number): void {
    this.notices = this.notices.filter((notice) => notice.id !== id);
    this.publish();
  }

  private publish(): void {
    const pendingOps = this.entries.filter((entry) => entry.ackedVersion === null).length;
    const problem = this.storageProblem ?? this.relayProblem;
    this.state = { ...readLocalTree(this.local), ready: this.ready, pendingOps, notices: this.notices, problem };
    for (const listener of this.listeners) listener();
  }

  private async rebuild(): Promise<void> {
    this.local = await rebuildLocalVault(this.snapshot, this.entries);
  }

  // A storage failure must not lose the change: it stays in memory (sent while this tab lives) and says so.
  private async persist<T>(write: () => Promise<T>): Promise<T | undefined> {
    try {
      const written = await write();
      this.storageProblem = null;
      return written;
    } catch (error) {
      console.error('The vault outbox could not be stored', error);
      this.storageProblem = {
        code: LOCAL_STORAGE_FAILED,
        message: 'This browser could not store tree changes; they are kept until this tab closes.',
      };
      return undefined;
    }
  }

  private addNotice(message: string): void {
    this.notices = [...this.notices, { id: this.nextNoticeId++, message }].slice(-MAX_NOTICES);
  }

  private setRelayProblem(failure: { code: string; message: string }): void {
    const offline = failure.code === 'NETWORK_UNAVAILABLE';
    this.relayProblem = offline ? null : { code: failure.code, message: failure.message };
    this.publish();
  }

  private async enqueue(op: VaultOp, at: number): Promise<void> {
    const folded =
      op.kind === 'moveNote' ? await foldMoveIntoCreate(this.snapshot, this.entries, op, at, this.inFlight) : null;
    if (folded) {
      this.entries = this.entries.map((entry) => (entry.op.opId === folded.op.opId ? folded : entry));
      if (folded.seq >= 0) await this.persist(() => this.deps.storage.put(folded));
      return;
    }
    // Not stored (seq -1): still sent while this tab lives.
    const stored = await this.persist(() => this.deps.storage.append(op, at));
    this.entries = [...this.entries, stored ?? { seq: -1, op, at, ackedVersion: null }];
  }

  private async forget(gone: readonly OutboxEntry[]): Promise<void> {
    if (gone.length === 0) return;
    this.entries = this.entries.filter((entry) => !gone.includes(entry));
    const seqs = gone.map((entry) => entry.seq).filter((seq) => seq >= 0);
    if (seqs.length > 0) await this.persist(() => this.deps.storage.remove(seqs));
  }

  private async applyResults(batch: readonly OutboxEntry[], version: number, results: OpOutcome[]): Promise<void> {
    const byId = new Map(results.map((result) => [result.opId, result]));
    const refused: OutboxEntry[] = [];
    for (const entry of batch) {
      const result = byId.get(entry.op.opId);
      if (result && !result.ok) {
        refused.push(entry);
        this.addNotice(describeRefusal(entry.op, result, (docId) => this.local.note(docId)?.path));
      } else if (result) {
        const acked = { ...entry, ackedVersion: version };
        this.entries = this.entries.map((candidate) => (candidate === entry ? acked : candidate));
        if (acked.seq >= 0) await this.persist(() => this.deps.storage.put(acked));
      }
    }
    await this.forget(refused);
    // A refused op is undone here right away; applied ones stay until the fetched tree shows them.
    if (refused.length > 0) await this.rebuild();
    this.relayProblem = null;
    this.publish();
  }

  private takeBatch(size: number): Promise<OutboxEntry[]> {
    return this.serial(async () => {
      const batch = this.entries.filter((entry) => entry.ackedVersion === null).slice(0, size);
      for (const entry of batch) this.inFlight.add(entry.op.opId);
      return batch;
    });
  }

  // The relay refusing a whole batch as malformed (OP_INVALID) would block the outbox forever; sending one op
  // at a time finds the op it can't read, which is dropped with a notice.
  private async dropUnreadable(entry: OutboxEntry, message: string): Promise<void> {
    console.error(`The relay could not read tree op ${entry.op.opId} (${entry.op.kind}); dropping it`, message);
    this.addNotice(`A change to the tree could not be sent and was undone: ${message}`);
    await this.forget([entry]);
    await this.rebuild();
    this.publish();
  }

  private async sendAll(): Promise<void> {
    let size: number = LIMITS.maxOpsPerBatch;
    let answered = false;
    for (;;) {
      const batch = await this.takeBatch(size);
      const [first] = batch;
      if (!first) break;
      const answer = await this.deps.postOps(batch.map((entry) => entry.op));
      for (const entry of batch) this.inFlight.delete(entry.op.opId);
      if (answer.ok) {
        await this.serial(() => this.applyResults(batch, answer.version, answer.results));
      } else if (answer.code === 'OP_INVALID' && size > 1) {
        size = 1;
        continue;
      } else if (answer.code === 'OP_INVALID') {
        await this.serial(() => this.dropUnreadable(first, answer.message));
      } else {
        this.setRelayProblem(answer);
        break;
      }
      answered = true;
    }
    if (answered) await this.refresher.run();
  }

  private async fetchTree(): Promise<void> {
    const answer = await this.deps.fetchSnapshot();
    if (!answer.ok) return this.setRelayProblem(answer);
    await this.serial(async () => {
      this.snapshot = answer.snapshot;
      await this.persist(() => this.deps.storage.saveSnapshot(answer.snapshot));
      const reflected = this.entries.filter(
        (entry) => entry.ackedVersion !== null && entry.ackedVersion <= answer.snapshot.version,
      );
      await this.forget(reflected);
      await this.rebuild();
      this.relayProblem = null;
      this.publish();
    });
  }
}
