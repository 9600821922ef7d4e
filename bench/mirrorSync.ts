// `npm run bench -- --only mirror-sync [--notes 2000] [--stall-seconds 240] [--verbose]
// [--parts relay-to-disk,disk-to-relay,obsidian,import]`: the mirror's first runs both ways, an Obsidian-like
// vault both ways and `import`, each with the sync sockets it opened and what the relay refused. See
// bench/README.md.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { docIdFromRandomBytes, entryKindOf, type VaultOp } from '@baalda/core';
import { sendOps, startMirror, TRANSFER_COMMANDS } from 'baalda-cli/testing';
import { defineBench, positiveNumber, wholeNumber } from './harness/benchDefinition';
import { obsidianVault } from './mirror/obsidianVault';
import { type BenchNote, plainNotes, writeFiles } from './mirror/plainNotes';
import {
  type Baseline,
  collectLines,
  count,
  mirrorSyncMeasurements,
  type RunKind,
  type SyncRun,
  say,
} from './mirror/syncRows';
import {
  checkContent,
  contentOfFiles,
  contentOfFolder,
  contentOfVault,
  syncNotes,
  type VaultContent,
} from './mirror/vaultContent';
import { startWatchedRelay, type WatchedRelay } from './mirror/watchedRelay';

/** How long a run may take before it is called stalled; `echo` prints its log lines as they come. */
interface Limits {
  readonly stallMs: number;
  readonly echo?: boolean;
}

/** What one bench run measured: the timed runs and the plain timings to read them against. */
export interface MirrorSyncReport {
  readonly runs: readonly SyncRun[];
  readonly baselines: readonly Baseline[];
}

const PARTS = ['relay-to-disk', 'disk-to-relay', 'obsidian', 'import'] as const;
type Part = (typeof PARTS)[number];

/** The bench's parts (all, or those in `only`), each on a fresh relay; the Obsidian vault's two runs share one. */
export async function measureMirrorSync(
  notes = 2000,
  limits: Limits = { stallMs: 240_000 },
  only: readonly Part[] = PARTS,
): Promise<MirrorSyncReport> {
  const folders = await mkdtemp(join(tmpdir(), 'baalda-bench-mirror-'));
  const corpus = plainNotes(notes);
  const report = { runs: [] as SyncRun[], baselines: [] as Baseline[] };
  const parts: Record<Part, () => Promise<void>> = {
    'relay-to-disk': async () => void report.runs.push(await relayToDisk(corpus, join(folders, 'from relay'), limits)),
    'disk-to-relay': async () => void report.runs.push(await diskToRelay(corpus, join(folders, 'to relay'), limits)),
    obsidian: async () => {
      const obsidian = await obsidianBothWays(join(folders, 'obsidian'), join(folders, 'obsidian copy'), limits);
      report.runs.push(...obsidian.runs);
      report.baselines.push(...obsidian.baselines);
    },
    import: async () => void report.runs.push(await importNotes(corpus, join(folders, 'import'), limits)),
  };
  try {
    for (const part of only) await parts[part]();
    return report;
  } finally {
    await rm(folders, { recursive: true, force: true });
  }
}

// 1: a vault of `corpus` made as clients make one (ops in batches of 100, text through sync), stored and let
// go by the relay, then mirrored into an empty folder. Not checked after the setup: the run's check compares
// the files with the generated text, so a note the setup failed to write shows there.
async function relayToDisk(corpus: readonly BenchNote[], dir: string, limits: Limits): Promise<SyncRun> {
  const watched = await startWatchedRelay();
  try {
    await fillVault(watched, corpus);
    await watched.untilNoDocuments();
    say(`setup: ${count(corpus.length)} notes made, written, stored and let go by the relay`);
    const expected = contentOfFiles(corpus.map((note) => [note.path, note.markdown]));
    const label = `mirror first run, vault → empty folder, ${count(corpus.length)} notes`;
    const run = { kind: 'plainToFolder' as const, dir, label, expected, readSide: () => contentOfFolder(dir) };
    return await timeMirror(watched, run, limits);
  } finally {
    await watched.close();
  }
}

async function fillVault(watched: WatchedRelay, corpus: readonly BenchNote[]): Promise<void> {
  const notes = corpus.map((note) => ({ ...note, docId: newId() }));
  for (let start = 0; start < notes.length; start += 100) {
    const ops: VaultOp[] = notes.slice(start, start + 100).map((note) => {
      return { opId: newId(), kind: 'createNote', docId: note.docId, path: note.path, createdAt: Date.now() };
    });
    const refused = (await sendWithRetries(watched, ops)).find((outcome) => !outcome.ok);
    if (refused) throw new Error(`setup: a createNote op was refused: ${JSON.stringify(refused)}`);
  }
  await syncNotes(watched, notes);
}

// A busy machine can make a batch outlast sendOps' 10 s timeout; a resend with the same op ids is replayed
// (OP3), so nothing is made twice.
async function sendWithRetries(watched: WatchedRelay, ops: readonly VaultOp[]) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await sendOps(watched.directClient, ops);
    } catch (error) {
      if (attempt === 3) throw new Error('setup: a batch of ops failed three times', { cause: error });
      say(`setup: a batch of ops failed (${(error as Error).message}); sending it again`);
    }
  }
}

// 2: the same notes as files in a folder, mirrored into an empty vault.
async function diskToRelay(corpus: readonly BenchNote[], dir: string, limits: Limits): Promise<SyncRun> {
  const watched = await startWatchedRelay();
  try {
    const files = corpus.map((note): [string, string] => [note.path, note.markdown]);
    await writeFiles(dir, files);
    const label = `mirror first run, folder → empty vault, ${count(corpus.length)} notes`;
    const expected = contentOfFiles(files);
    const run = { kind: 'plainToVault' as const, dir, label, expected, readSide: () => contentOfVault(watched) };
    return await timeMirror(watched, run, limits);
  } finally {
    await watched.close();
  }
}

// 3: an Obsidian vault mirrored into an empty vault, then (that mirror stopped, the relay idle) the vault
// mirrored into another empty folder, as a second machine would. The baselines upload some of the same
// attachments one after another over HTTP into a vault of their own (the floor of the mirror's uploads,
// which MIR5 sends one at a time): with no document open on the relay, and while the second mirror holds
// the vault's notes open.
async function obsidianBothWays(dir: string, copy: string, limits: Limits) {
  const watched = await startWatchedRelay();
  try {
    const vault = obsidianVault();
    await writeFiles(dir, vault.files);
    const expected = contentOfFiles(vault.files);
    const what = `${vault.notes} notes + ${vault.attachments} attachments`;
    const label = `Obsidian vault, folder → empty vault, ${what}`;
    const readVault = () => contentOfVault(watched);
    const up = await timeMirror(
      watched,
      { kind: 'obsidianToVault', dir, label, expected, readSide: readVault },
      limits,
    );
    await watched.untilNoDocuments();
    const uploads = await uploadBaseline(watched, vault.files);
    const baselines = [await uploads(`no mirror, no document open on the relay`)];
    const down = await timeMirror(
      watched,
      {
        kind: 'obsidianToFolder',
        dir: copy,
        label: 'Obsidian vault, vault → another empty folder',
        expected,
        readSide: () => contentOfFolder(copy),
        whileSettled: async () => {
          const open = watched.relay.hocuspocus.documents.size;
          baselines.push(await uploads(`while that mirror holds ${open} documents open`));
        },
      },
      limits,
    );
    return { runs: [up, down], baselines };
  } finally {
    await watched.close();
  }
}

const BASELINE_UPLOADS = 40;

// The vault's first BASELINE_UPLOADS attachments, each time under fresh ids into the baseline's own vault.
async function uploadBaseline(watched: WatchedRelay, files: ReadonlyMap<string, string | Uint8Array>) {
  const client = await watched.createVault('Upload baseline');
  const attachments = [...files]
    .filter(([path]) => !path.startsWith('.') && entryKindOf(path) === 'attachment')
    .slice(0, BASELINE_UPLOADS);
  let round = 0;
  return async (when: string): Promise<Baseline> => {
    round += 1;
    const start = performance.now();
    for (const [path, body] of attachments) {
      const docId = newId();
      await client.uploadAttachment({
        docId,
        path: `${round}/${path}`,
        createdAt: Date.now(),
        body: Buffer.from(body),
      });
    }
    const seconds = (performance.now() - start) / 1000;
    return {
      label: `baseline: ${attachments.length} of its attachments PUT one by one, ${when}`,
      seconds,
      items: attachments.length,
    };
  };
}

interface MirrorRun {
  readonly kind: RunKind;
  readonly dir: string;
  readonly label: string;
  readonly expected: VaultContent;
  /** What the side the mirror writes to holds now. */
  readonly readSide: () => Promise<VaultContent>;
  /** Runs once the mirror settled and was checked, before it stops. */
  readonly whileSettled?: () => Promise<void>;
}

// Timed from the call to startMirror until `idle()` resolves (the first pass that finds nothing to do); the
// side it wrote to is read after the clock stops, before the mirror is stopped.
async function timeMirror(watched: WatchedRelay, run: MirrorRun, limits: Limits): Promise<SyncRun> {
  const start = performance.now();
  const log = collectLines(start, limits.echo);
  const mirror = await startMirror({ dir: run.dir, relay: watched.client, log: log.write });
  const settled = await withDeadline(mirror.idle(), limits.stallMs);
  const seconds = (performance.now() - start) / 1000;
  const summary = log.summary();
  say(`${run.label}: ${settled ? 'idle' : 'NOT idle'} after ${seconds.toFixed(1)} s`);
  const traffic = watched.trafficSince(start);
  const check = checkContent(run.expected, await run.readSide());
  await run.whileSettled?.();
  await mirror.stop();
  return { ...sizeOf(run.kind, run.label, run.expected), seconds, stalled: !settled, check, traffic, ...summary };
}

// 4: `import <dir>` of the same notes into an empty vault, in this process as main.ts runs it.
async function importNotes(corpus: readonly BenchNote[], dir: string, limits: Limits): Promise<SyncRun> {
  const watched = await startWatchedRelay();
  try {
    const files = corpus.map((note): [string, string] => [note.path, note.markdown]);
    await writeFiles(dir, files);
    const start = performance.now();
    const log = collectLines(start, limits.echo);
    const imported = TRANSFER_COMMANDS.import.run({
      args: [dir],
      options: new Map([['--relay', watched.client.baseUrl]]),
      relay: () => watched.client,
      admin: () => Promise.reject(new Error('import never uses the admin key')),
      note: log.write,
    });
    const settled = await withDeadline(imported.then(log.write), limits.stallMs);
    const seconds = (performance.now() - start) / 1000;
    const summary = log.summary();
    say(`import: ${settled ? 'done' : 'NOT done'} after ${seconds.toFixed(1)} s`);
    const traffic = watched.trafficSince(start);
    const expected = contentOfFiles(files);
    const check = checkContent(expected, await contentOfVault(watched));
    await imported.catch(() => {});
    const label = `import <dir> into an empty vault, ${count(corpus.length)} notes`;
    return { ...sizeOf('import', label, expected), seconds, stalled: !settled, check, traffic, ...summary };
  } finally {
    await watched.close();
  }
}

function sizeOf(kind: RunKind, label: string, expected: VaultContent) {
  const notes = [...expected.keys()].filter((path) => entryKindOf(path) === 'note').length;
  return { kind, label, notes, attachments: expected.size - notes };
}

function newId(): string {
  return docIdFromRandomBytes(randomBytes(21));
}

/** True when `work` settled within `ms`; it is left running otherwise. */
async function withDeadline(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([work.then(() => true), deadline]).finally(() => clearTimeout(timer));
}

/** `mirror-sync`: the mirror's first runs both ways and an import, each on a fresh relay. */
export const mirrorSyncBench = defineBench({
  name: 'mirror-sync',
  description: 'first mirror runs both ways (N notes; an Obsidian-like vault) and an import, with sockets and refusals',
  flags: {
    notes: { type: 'string', description: 'plain notes in the large runs', default: '2000' },
    parts: { type: 'string', description: `the parts to run, of ${PARTS.join(',')}`, default: PARTS.join(',') },
    'stall-seconds': { type: 'string', description: 'a mirror run not idle by then is NOT SETTLED', default: '240' },
    verbose: { type: 'boolean', description: 'prints every line the mirror logs' },
  },
  inDefaultRun: false,
  check: (options) => {
    wholeNumber(options.notes, 'notes');
    positiveNumber(options['stall-seconds'], 'stall-seconds');
    partsOf(options.parts);
  },
  run: async (options) => {
    const stallMs = positiveNumber(options['stall-seconds'], 'stall-seconds') * 1000;
    const settings = { stallMs, echo: options.verbose };
    const report = await measureMirrorSync(wholeNumber(options.notes, 'notes'), settings, partsOf(options.parts));
    for (const run of report.runs) {
      for (const line of run.unusualLines) console.error(`[${run.label}] ${line}`);
      for (const warning of run.traffic.warnings) console.error(`[${run.label}] relay: ${warning}`);
    }
    return mirrorSyncMeasurements(report.runs, report.baselines);
  },
});

function partsOf(list: string): Part[] {
  const isPart = (part: string): part is Part => (PARTS as readonly string[]).includes(part);
  const parts = list.split(',');
  const unknown = parts.filter((part) => !isPart(part));
  if (unknown.length > 0) throw new Error(`--parts takes ${PARTS.join(', ')}; not ${unknown.join(', ')}`);
  return parts.filter(isPart);
}
