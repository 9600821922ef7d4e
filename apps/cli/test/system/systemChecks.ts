import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownOfDocument } from '@baalda/markdown';
import { readText } from '../mirrorFixtures';
import type { Device } from './device';
import { noteFiles } from './person';
import { describeTreeDifference, RelayObserver, readRelayTree, snapshotOf, type TreeView } from './relayView';
import type { Stage } from './systemRun';
import type { WriteLedger } from './writeLedger';

/** Liveness, not correctness: how long healed writers may take to agree on a loaded two-core machine. */
const AGREEMENT_PATIENCE_MS = 90_000;
const POLL_MS = 250;

/** A run whose copies agreed: what the database must hold for it once the relay stored everything. */
export interface SettledRun {
  readonly seed: number;
  readonly ledger: WriteLedger;
  readonly tree: TreeView;
  /** Each live note's Markdown and Yjs snapshot, as every copy had it. */
  readonly notes: ReadonlyMap<string, { markdown: string; snapshot: string }>;
  /** The texts of the files the mirror set aside in `.baalda/removed/` (MIR5). */
  readonly setAside: readonly string[];
  readonly describe: string;
}

/**
 * SYS1, SYS4: once healed, waits until every copy agrees — the relay's tree, each device's tree (its outbox
 * empty) and the mirrored folder's files; each live note as the relay serves it, as each device holds it
 * (state vector and delete set too) and as its file holds it. Then the mirror is stopped (SIGTERM, MIR10)
 * and must have changed nothing: what agreed was its last word, not a moment between two of its passes.
 */
export async function settleRun(stage: Stage): Promise<SettledRun> {
  const { cluster, vault, mirror } = stage;
  const observer = new RelayObserver(cluster.syncUrls[0] as string, vault.tokens.checks);
  try {
    const deadline = Date.now() + AGREEMENT_PATIENCE_MS;
    let problems: string[] = [];
    let view: Agreed | null = null;
    for (;;) {
      ({ problems, view } = await agreement(stage, observer));
      if (problems.length === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    if (problems.length > 0 || !view)
      throw new Error(`no agreement after healing:\n${problems.slice(0, 15).join('\n')}`);
    const code = await mirror.stop();
    const crashes = mirror.crashLines();
    if (code !== 0 || crashes.length > 0) throw new Error(`the mirror ended with ${code}:\n${crashes.join('\n')}`);
    const after = await folderProblems(stage, view.tree, observer);
    if (after.length > 0) throw new Error(`the mirror's stop changed what had agreed:\n${after.join('\n')}`);
    stage.log.push(`agreed on ${view.tree.live.size} notes (${view.tree.trashed.size} trashed)`);
    const setAside = setAsideTexts(stage.mirror.dir);
    return { seed: stage.plan.seed, ledger: stage.ledger, ...view, setAside, describe: describeLog(stage.log) };
  } finally {
    observer.close();
  }
}

/** The run's steps for a failure message: the last ones, or all with BAALDA_SYSTEM_DEBUG. */
export function describeLog(log: readonly string[]): string {
  return (process.env.BAALDA_SYSTEM_DEBUG ? log : log.slice(-40)).join('\n');
}

interface Agreed {
  readonly tree: TreeView;
  readonly notes: Map<string, { markdown: string; snapshot: string }>;
}

async function agreement(stage: Stage, observer: RelayObserver): Promise<{ problems: string[]; view: Agreed | null }> {
  const { cluster, vault, devices } = stage;
  const tree = await readRelayTree(cluster.httpUrl, vault.vaultId, vault.tokens.checks);
  const problems: string[] = [];
  for (const device of devices) problems.push(...(await deviceTreeProblems(device, tree)));
  problems.push(...(await folderProblems(stage, tree, observer)));
  const notes = new Map<string, { markdown: string; snapshot: string }>();
  for (const docId of tree.live.keys()) {
    const doc = observer.doc(docId);
    if (!doc) {
      problems.push(`${docId}: the relay's copy is not synced yet`);
      continue;
    }
    const relay = { markdown: markdownOfDocument(doc), snapshot: snapshotOf(doc) };
    notes.set(docId, relay);
    for (const device of devices) {
      const replica = device.open(docId);
      const markdown = markdownOfDocument(replica);
      if (markdown !== relay.markdown || snapshotOf(replica) !== relay.snapshot)
        problems.push(
          `${device.name}'s copy of ${tree.live.get(docId)} is ${JSON.stringify(markdown)}, the relay's ${JSON.stringify(relay.markdown)}`,
        );
    }
  }
  for (const device of devices) if (!device.isSynced()) problems.push(`not synced: ${device.syncState()}`);
  return { problems, view: problems.length === 0 ? { tree, notes } : null };
}

/** The device's tree after it sent its outbox and fetched the relay's. */
async function deviceTreeProblems(device: Device, relay: TreeView): Promise<string[]> {
  await device.tree.flush();
  await device.tree.refresh();
  const state = device.tree.getState();
  const view: TreeView = {
    live: new Map(state.notes.map((note) => [note.docId, note.path])),
    trashed: new Map(state.trash.map((note) => [note.docId, note.path])),
  };
  const problems = state.pendingOps > 0 ? [`${device.name} has ${state.pendingOps} tree ops unanswered`] : [];
  const difference = describeTreeDifference(`${device.name}'s tree`, relay, view);
  return difference ? [...problems, difference] : problems;
}

/** Every file the mirror moved into `.baalda/removed/`, as text. */
function setAsideTexts(dir: string): string[] {
  const removed = join(dir, '.baalda', 'removed');
  return readdirSync(removed, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'));
}

/** The folder holds exactly the live notes, each file the note's Markdown as the relay serves it. */
async function folderProblems(stage: Stage, tree: TreeView, observer: RelayObserver): Promise<string[]> {
  const dir = stage.mirror.dir;
  const files = noteFiles(dir);
  const paths = [...tree.live.values()].sort();
  const problems: string[] = [];
  if (files.join('\n') !== paths.join('\n'))
    problems.push(`the folder holds ${JSON.stringify(files)}, the relay's tree ${JSON.stringify(paths)}`);
  for (const [docId, path] of tree.live) {
    const markdown = observer.markdown(docId);
    const file = await readText(dir, path);
    if (markdown !== null && file !== null && file !== markdown)
      problems.push(`${path}: the file holds ${JSON.stringify(file)}, the relay ${JSON.stringify(markdown)}`);
  }
  return problems;
}
