import { mkdir } from 'node:fs/promises';
import { CliError, EXIT } from '../cliError';
import type { RelayClient } from '../relayClient';
import { PendingAcknowledgements } from './acknowledgements';
import { releaseLock, takeLock } from './dirLock';
import { clearTemp } from './fileMoves';
import { startingLinkNames } from './linkRenames';
import type { MirrorContext, RemoteView } from './mirrorContext';
import { type MirrorLayout, mirrorLayoutOf } from './mirrorLayout';
import { createMirrorLog, type MirrorLog } from './mirrorLog';
import { runPass } from './mirrorPass';
import { loadState, type MirrorState, saveState, serializeState } from './mirrorState';
import { NoteDocs } from './noteDocs';
import { type PassLoop, startPassLoop } from './passLoop';
import { RefusedFiles } from './refusedFiles';
import { failureOf, fetchTree } from './relayCalls';
import { markOffline } from './remoteTree';
import { Replacements } from './replacements';
import { keepLeftAside } from './setAside';
import { openSyncConnection, type SyncConnection } from './syncConnection';
import { SyncProgress } from './syncProgress';

/** How to run a mirror. */
export interface MirrorOptions {
  /** The folder to keep in step with the vault (created if missing). */
  readonly dir: string;
  /** The vault, as the holder of a token (its base URL, vault and token also open the sync socket). */
  readonly relay: RelayClient;
  /** How often the folder is scanned; 500 ms by default. */
  readonly intervalMs?: number;
  /** How often the tree is read without hearing `treeChanged` (a missed message); 30 s by default. */
  readonly treePollMs?: number;
  /** Where the log lines go; stderr by default. */
  readonly log?: (line: string) => void;
}

/** A running mirror. */
export interface Mirror {
  /** The mirrored folder, absolute. */
  readonly dir: string;
  /**
   * Resolves after the next pass that starts after this call, reads the tree afresh and finds nothing to
   * do: every file and document in step, every op answered, every edit acknowledged by the relay. Never
   * while the relay is unreachable (tests of offline behaviour wait on conditions instead).
   */
  idle(): Promise<void>;
  /** MIR10: stops watching, sends what is pending (a bounded wait), writes state, closes the socket. */
  stop(): Promise<void>;
}

// MIR10: what a stop may spend on the last pass and on the relay's acknowledgements.
/** How often MIR12's progress is looked at; it still says something at most every 2 s. */
const PROGRESS_TICK_MS = 500;
const FINAL_PASS_MS = 10_000;
const ACK_WAIT_MS = 3_000;

/**
 * Starts a two-way mirror of `relay`'s vault in `dir` and returns once it runs (the first pass
 * is under way). Refuses a folder that mirrors another vault or that another mirror holds, and a token the
 * relay refuses; an unreachable relay is no reason to stop (MIR8).
 */
export async function startMirror(options: MirrorOptions): Promise<Mirror> {
  const layout = mirrorLayoutOf(options.dir);
  await prepareFolder(layout);
  await takeLock(layout);
  const relay = options.relay;
  const state = await loadState(layout, { vaultId: relay.vaultId, relay: relay.baseUrl });
  const log = createMirrorLog(options.log ?? ((line) => process.stderr.write(`${line}\n`)));
  const remote: RemoteView = { tree: null, online: true, stale: true, retryAt: 0, failures: 0, lastFailure: null };
  const wiring: { loop?: PassLoop } = {};
  const connection = openSyncConnection(relay, {
    onTreeChanged: () => {
      Object.assign(remote, { stale: true, retryAt: 0 });
      wiring.loop?.wake();
    },
  });
  const ctx = createContext(layout, state, relay, log, remote, connection, () => wiring.loop?.wake());
  await checkAccess(ctx, connection);
  await openNotes(ctx);
  await keepLeftAside(ctx);
  await clearTemp(layout);
  log.line(`watching ${layout.root} ⇄ ${relay.baseUrl} (vault ${relay.vaultId}); Ctrl-C stops`);
  const loop = startPassLoop({
    run: () => runPass(ctx),
    intervalMs: options.intervalMs ?? 500,
    onError: logError(log),
  });
  wiring.loop = loop;
  const poll = setInterval(() => Object.assign(remote, { stale: true }), options.treePollMs ?? 30_000);
  // MIR12 on a clock of its own: one pass of a first run may write thousands of files, so reporting only
  // between passes could stay silent for the whole of it.
  const progress = setInterval(() => ctx.progress.report(ctx), PROGRESS_TICK_MS);
  return {
    dir: layout.root,
    idle: () => {
      remote.stale = true;
      return loop.idle();
    },
    stop: once(() => stopMirror(ctx, loop, connection, [poll, progress])),
  };
}

async function prepareFolder(layout: MirrorLayout): Promise<void> {
  await mkdir(layout.root, { recursive: true });
  await Promise.all([layout.docs, layout.removed, layout.tmp].map((folder) => mkdir(folder, { recursive: true })));
}

function createContext(
  layout: MirrorLayout,
  state: MirrorState,
  relay: RelayClient,
  log: MirrorLog,
  remote: RemoteView,
  connection: SyncConnection,
  wake: () => void,
): MirrorContext {
  let saved = '';
  return {
    layout,
    state,
    relay,
    log,
    remote,
    sync: connection,
    acks: new PendingAcknowledgements(log),
    progress: new SyncProgress(),
    docs: new NoteDocs(layout, connection, wake),
    refused: new RefusedFiles(log),
    replaced: new Replacements(),
    adopting: new Map(),
    emptyFiles: new Map(),
    scannedSinceStart: false,
    links: startingLinkNames(state),
    plannedIds: new Map(),
    async saveState() {
      const serialized = serializeState(state);
      if (serialized === saved) return;
      await saveState(layout, serialized);
      saved = serialized;
    },
  };
}

// A refused token or a vault that is not the token's stops the start (exit 1); an unreachable relay does not.
async function checkAccess(ctx: MirrorContext, connection: SyncConnection): Promise<void> {
  try {
    Object.assign(ctx.remote, { tree: await fetchTree(ctx.relay), stale: false });
  } catch (error) {
    const failure = failureOf(error);
    if (failure.kind === 'offline' && failure.code !== 'UNAUTHENTICATED') return markOffline(ctx, failure);
    connection.close();
    await releaseLock(ctx.layout);
    throw new CliError(`mirror: ${failure.message}`, EXIT.refused);
  }
}

// Every tracked note's document is opened (and its provider attached), and compared with its file once.
async function openNotes(ctx: MirrorContext): Promise<void> {
  for (const entry of ctx.state.entries.values()) {
    if (entry.kind !== 'note' || entry.trashOpId !== null) continue;
    await ctx.docs.open(entry.docId);
    ctx.docs.relayChanged.add(entry.docId);
  }
}

async function stopMirror(
  ctx: MirrorContext,
  loop: PassLoop,
  connection: SyncConnection,
  timers: readonly NodeJS.Timeout[],
) {
  for (const timer of timers) clearInterval(timer);
  await loop.stop();
  await withDeadline(runPass(ctx).catch(logError(ctx.log)), FINAL_PASS_MS);
  await withDeadline(untilAcknowledged(ctx), ACK_WAIT_MS);
  ctx.acks.report(ctx.docs);
  sayUnacknowledged(ctx);
  await ctx.docs.closeAll();
  await ctx.saveState();
  connection.close();
  await releaseLock(ctx.layout);
  ctx.log.line('stopped; everything is saved in .baalda/');
}

function sayUnacknowledged(ctx: MirrorContext): void {
  if (ctx.acks.count === 0) return;
  ctx.log.line(
    `${ctx.acks.count} changed notes not yet acknowledged by the relay: kept in .baalda/, sent at the next start`,
  );
}

async function untilAcknowledged(ctx: MirrorContext): Promise<void> {
  const pending = () =>
    ctx.remote.online && ctx.docs.all().some((note) => !note.link.isSynced() && !note.link.denial());
  while (pending()) await new Promise((resolve) => setTimeout(resolve, 50));
}

function withDeadline(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([work.then(() => undefined), deadline]).finally(() => clearTimeout(timer));
}

function logError(log: MirrorLog): (error: unknown) => void {
  return (error) => log.once('pass', `pass failed: ${(error as Error).message}; retrying`);
}

function once(stop: () => Promise<void>): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () => {
    stopping ??= stop();
    return stopping;
  };
}
