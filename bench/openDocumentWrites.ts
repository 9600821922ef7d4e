// `npm run bench -- --only open-document-writes [--documents 2000] [--writes 100]`: creates and uploads while a
// device holds many documents open, with ACL6's rechecks as they ran before and as they run now, in one run.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { formatVaultDocumentName } from '@baalda/core';
import { API } from '@baalda/core/api';
import { answerOf, asOwner } from './benchAccount';
import { defineBench, wholeNumber } from './harness/benchDefinition';
import { type Measurement, withBaselines } from './harness/measurement';
import { benchDocumentName, createBenchNotes } from './load/benchNotes';
import { ClientFleet } from './load/clientFleet';
import { type MeasuredRelay, startMeasuredRelay } from './load/relayProcess';
import { summarize } from './stats';

/** Which recheck the relay runs: as before they were batched and coalesced, or as now. */
export type RecheckMode = 'before' | 'after';

/** Writes timed with a number of documents open, and what one recheck pass then asks of the database. */
export interface WritePhase {
  readonly open: number;
  /** Milliseconds from sending a one-note `createNote` batch to its answer. */
  readonly creates: readonly number[];
  /** Milliseconds from sending a 4 KiB attachment to its answer. */
  readonly uploads: readonly number[];
  /** One recheck pass run after the writes: its queries, the connections it re-decided and its time. */
  readonly recheck: { readonly queries: number; readonly connections: number; readonly ms: number };
  /** The machine's 1-minute load average at the end of the phase: others share its CPUs. */
  readonly loadAverage: number;
}

/** One relay's run: the same writes with no document open, then with `documents` open. */
export interface OpenDocumentWrites {
  readonly mode: RecheckMode;
  readonly phases: readonly [WritePhase, WritePhase];
}

const PREFIX = 'open';
const UPLOAD_BYTES = 4096;
const WARM_UP_WRITES = 10;

/**
 * `documents` notes created as a client does, then `writes` creates and `writes` uploads one after another
 * with no document open; then one client per note connects (each its own WebSocket, in two worker
 * processes: 2,000 documents open, as a mirror or a web app holding a vault open has them) and the same
 * writes are timed again. Every create and upload is a tree change, which asks ACL6 to re-decide every open
 * connection. The relay runs in a process of its own with production settings.
 */
export async function measureOpenDocumentWrites(
  mode: RecheckMode,
  documents: number,
  writes: number,
): Promise<OpenDocumentWrites> {
  const relay = await startMeasuredRelay({ env: { BAALDA_BENCH_RECHECKS: mode } });
  const fleet = ClientFleet.start(2);
  try {
    await createBenchNotes(relay, PREFIX, documents);
    await timeWrites(relay, WARM_UP_WRITES, 'warm-up');
    const none = await timePhase(relay, 0, writes);
    const clients = Array.from({ length: documents }, (_, id) => ({ id, documentName: benchDocumentName(PREFIX, id) }));
    // The device's tree channel too, as the web app and the mirror hold it.
    await fleet.connect(relay, [...clients, { id: documents, documentName: formatVaultDocumentName('default') }]);
    const many = await timePhase(relay, documents, writes);
    return { mode, phases: [none, many] };
  } finally {
    await Promise.allSettled([fleet.stop(), relay.stop()]);
  }
}

async function timePhase(relay: MeasuredRelay, open: number, writes: number): Promise<WritePhase> {
  const { creates, uploads } = await timeWrites(relay, writes, `open ${open}`);
  const recheck = await relay.recheckQueries();
  // Each note's client, and the tree channel's once notes are open.
  const expected = open === 0 ? 0 : open + 1;
  if (recheck.connections !== expected) throw new Error(`${recheck.connections} connections, not ${expected}`);
  return { open, creates, uploads, recheck, loadAverage: loadavg()[0] ?? 0 };
}

async function timeWrites(relay: MeasuredRelay, writes: number, tag: string) {
  const creates: number[] = [];
  const uploads: number[] = [];
  for (let index = 0; index < writes; index += 1) creates.push(await timeCreate(relay, `New/${tag} ${index}.md`));
  for (let index = 0; index < writes; index += 1) uploads.push(await timeUpload(relay, `Files/${tag} ${index}.bin`));
  return { creates, uploads };
}

async function timeCreate(relay: MeasuredRelay, path: string): Promise<number> {
  const docId = randomBytes(15).toString('base64url');
  const ops = [{ opId: `op_${docId}`, kind: 'createNote' as const, docId, path, createdAt: Date.now() }];
  const started = performance.now();
  answerOf(await asOwner(relay).call(API.applyOps, { params: { vaultId: 'default' }, body: { ops } }), 'bench create');
  return performance.now() - started;
}

async function timeUpload(relay: MeasuredRelay, path: string): Promise<number> {
  const docId = randomBytes(15).toString('base64url');
  const started = performance.now();
  const uploaded = await asOwner(relay).call(API.uploadAttachment, {
    params: { vaultId: 'default', docId },
    query: { path, createdAt: Date.now() },
    body: randomBytes(UPLOAD_BYTES),
  });
  if (answerOf(uploaded, 'bench upload') && uploaded.status !== 201)
    throw new Error(`bench upload: ${uploaded.status}`);
  return performance.now() - started;
}

/**
 * Both recheck modes, one relay each, in this run: before first, so the new one is never the warmer. The
 * measurements are the rechecks' as they run now, each with the old rechecks' as its baseline.
 */
export async function openDocumentWritesBeforeAfter(documents = 2000, writes = 100): Promise<Measurement[]> {
  const before = await measureOpenDocumentWrites('before', documents, writes);
  const after = await measureOpenDocumentWrites('after', documents, writes);
  return withBaselines(
    openDocumentWriteMeasurements(after),
    openDocumentWriteMeasurements(before),
    'rechecks as before',
  );
}

/** One run as measurements: queries of one pass and its time, then p50 / p95 of each write. */
export function openDocumentWriteMeasurements({ phases }: OpenDocumentWrites): Measurement[] {
  const [none, many] = phases;
  const open = `${many.open.toLocaleString('en')} documents open`;
  const measurements: Measurement[] = [
    { name: `ACL6 recheck pass, queries with ${none.open} documents open`, unit: 'count', value: none.recheck.queries },
    { name: `ACL6 recheck pass, queries with ${open}`, unit: 'count', value: many.recheck.queries },
    { name: `ACL6 recheck pass, time with ${open}, one pass`, unit: 'ms', value: many.recheck.ms },
  ];
  for (const phase of phases) {
    const opened = `${phase.open.toLocaleString('en')} documents open`;
    const note = `load ${phase.loadAverage.toFixed(1)}`;
    const creates = summarize(phase.creates);
    const uploads = summarize(phase.uploads);
    const upload = `upload ${UPLOAD_BYTES / 1024} KiB attachment, ${opened}`;
    measurements.push(
      { name: `create note, ${opened}, p50`, unit: 'ms', value: creates.p50, note },
      { name: `create note, ${opened}, p95`, unit: 'ms', value: creates.p95, note },
      { name: `${upload}, p50`, unit: 'ms', value: uploads.p50, note },
      { name: `${upload}, p95`, unit: 'ms', value: uploads.p95, note },
    );
  }
  return measurements;
}

/** `open-document-writes`: writes while 2,000 documents are open, ACL6's rechecks before and now. */
export const openDocumentWritesBench = defineBench({
  name: 'open-document-writes',
  description: "creates and uploads with 0 and 2,000 documents open, ACL6's rechecks now against as they ran before",
  flags: {
    documents: { type: 'string', description: 'documents held open', default: '2000' },
    writes: { type: 'string', description: 'creates and uploads timed in each phase', default: '100' },
  },
  inDefaultRun: true,
  check: (options) => {
    wholeNumber(options.documents, 'documents');
    wholeNumber(options.writes, 'writes');
  },
  run: async (options) =>
    openDocumentWritesBeforeAfter(wholeNumber(options.documents, 'documents'), wholeNumber(options.writes, 'writes')),
});
