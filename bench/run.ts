// `npm run bench`: measures what the issues ask for and prints one table. Flags: see bench/README.md.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt } from '../scripts/ensureBuilt.mjs';
import { attachmentRows, measureAttachments } from './attachments';
import { asBenchRow, editorOptionsFrom, editorRows, measureEditor, printEditorTable } from './editor/editorBench';
import { fanoutAgainstBare } from './fanout';
import { hostileInputRows } from './hostileInputs';
import { measureEditLatency, measureEditToSearchable } from './latency';
import { manyDocumentsAgainstBare } from './manyDocuments';
import { mcpEditsRows, measureMcpEdits } from './mcpEdits';
import { mcpSearchRows, measureMcpSearch } from './mcpSearch';
import { measureOAuthFlow, oauthFlowRows } from './oauthFlow';
import { openDocumentWritesBeforeAfter } from './openDocumentWrites';
import { measureReindex } from './reindexThroughput';
import { measureRelayRestart } from './relayRestart';
import { measureRetrieval } from './retrieval/runRetrieval';
import { measureSearchLatency } from './searchLatency';
import { measureSemantic } from './semantic';
import { browserSemanticRows, measureSemanticInBrowser } from './semanticBrowser';
import { importRows, measureImportResponsiveness } from './semanticImport';
import { measureSignUpCost, signUpCostRows } from './signUpCost';
import { beyondBareRows, measureSoaks, soakRows } from './soak';
import { measureStartup } from './startup';
import { percentile } from './stats';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const rows: Array<[string, string]> = [];
// The relay processes the bench starts run the compiled relay, as `npm start` does.
await ensureBuilt({ web: false });

function timeCommand(command: string, commandArgs: string[], cwd: string): number {
  const started = performance.now();
  execFileSync(command, commandArgs, { cwd, stdio: 'inherit' });
  return (performance.now() - started) / 1000;
}

// `--only-editor`: the editor rows alone (about a minute), in a table of their own with targets and a baseline.
if (args.includes('--only-editor')) {
  const report = await measureEditor(editorOptionsFrom(args));
  printEditorTable(editorRows(report), report);
  process.exit(0);
}

// `--only-semantic`: the search-by-meaning rows alone (about twenty minutes on two cores).
if (args.includes('--only-semantic')) {
  const semanticRows = [
    ...(await measureSemantic()),
    ...browserSemanticRows(await measureSemanticInBrowser()),
    ...importRows(await measureImportResponsiveness()),
  ];
  const width = Math.max(...semanticRows.map(([name]) => name.length));
  console.log(`\n| ${'measure'.padEnd(width)} | value |\n| ${'-'.repeat(width)} | ----- |`);
  for (const [name, value] of semanticRows) console.log(`| ${name.padEnd(width)} | ${value} |`);
  process.exit(0);
}

// `--only-startup`: the start-up rows alone (what the build changes), a few minutes instead of most of an hour.
const onlyStartup = args.includes('--only-startup');
if (!onlyStartup) {
  const editsFlag = args.indexOf('--edits');
  const edits = editsFlag >= 0 ? Number(args[editsFlag + 1]) : 1000;
  const samples = (await measureEditLatency(edits)).sort((a, b) => a - b);
  rows.push([`edit-to-visible, alice → bob (${edits} edits) p50`, `${percentile(samples, 50).toFixed(2)} ms`]);
  rows.push([`edit-to-visible, alice → bob (${edits} edits) p95`, `${percentile(samples, 95).toFixed(2)} ms`]);

  for (const notes of [10_000, 100_000]) {
    const search = measureSearchLatency(notes);
    rows.push([`search, ${notes.toLocaleString('en')} notes, store-level p50`, `${search.p50.toFixed(2)} ms`]);
    rows.push([`search, ${notes.toLocaleString('en')} notes, store-level p95`, `${search.p95.toFixed(2)} ms`]);
    rows.push([
      `edit written into the search copy, ${notes.toLocaleString('en')} notes, p50 / p95`,
      `${search.edit.p50.toFixed(2)} ms / ${search.edit.p95.toFixed(2)} ms`,
    ]);
    rows.push([
      `search vectors held, ${notes.toLocaleString('en')} notes`,
      `${(search.vectorBytes / 2 ** 20).toFixed(1)} MiB`,
    ]);
    rows.push([
      `search structures held in all, ${notes.toLocaleString('en')} notes`,
      `${(search.heldBytes / 2 ** 20).toFixed(1)} MiB`,
    ]);
  }

  const searchable = (await measureEditToSearchable(20)).sort((a, b) => a - b);
  rows.push(['edit-to-searchable through the relay (20 edits) p50', `${percentile(searchable, 50).toFixed(0)} ms`]);
  rows.push(['edit-to-searchable through the relay (20 edits) p95', `${percentile(searchable, 95).toFixed(0)} ms`]);
  const reindex = await measureReindex(5000);
  rows.push(['full reindex, 5,000 stored notes (PGlite)', `${Math.round(reindex.notesPerSecond)} notes/s`]);
  rows.push(['full reindex, most memory held while rebuilding', `${(reindex.peakHeldBytes / 2 ** 20).toFixed(0)} MiB`]);
  const retrieval = await measureRetrieval();
  rows.push(['retrieval MRR@10', retrieval.relay.mrr10.toFixed(3)]);
  rows.push(['retrieval recall@5', `${(retrieval.relay.recall5 * 100).toFixed(1)}%`]);
  rows.push(['retrieval stale/deleted hits', String(retrieval.staleHits)]);
  rows.push(...(await measureSemantic()));
  rows.push(...browserSemanticRows(await measureSemanticInBrowser()));
  rows.push(...mcpSearchRows(await measureMcpSearch()));
  rows.push(...mcpEditsRows(await measureMcpEdits()));
  rows.push(...oauthFlowRows(await measureOAuthFlow()));
  rows.push(...signUpCostRows(await measureSignUpCost()));
  rows.push(...(await hostileInputRows()));
  rows.push(...attachmentRows(await measureAttachments()));

  // The load bench: about eleven minutes; the soak only when asked for (ten more).
  if (!args.includes('--skip-load')) {
    for (const clients of [100, 300]) rows.push(...(await fanoutAgainstBare(clients)));
    rows.push(...importRows(await measureImportResponsiveness()));
    rows.push(...(await manyDocumentsAgainstBare()));
    rows.push(...(await openDocumentWritesBeforeAfter()));
  }
  if (args.includes('--soak')) {
    const minutesFlag = args.indexOf('--soak-minutes');
    const reports = await measureSoaks(minutesFlag >= 0 ? Number(args[minutesFlag + 1]) : 10);
    rows.push(...reports.flatMap(soakRows), ...beyondBareRows(reports));
  }
  if (!args.includes('--skip-editor'))
    rows.push(...editorRows(await measureEditor(editorOptionsFrom(args))).map(asBenchRow));
}
if (!args.includes('--skip-startup')) rows.push(...(await startupRows()));
if (args.includes('--tests')) rows.push(['`npm test` wall time', `${timeCommand('npm', ['test'], root).toFixed(0)} s`]);
if (args.includes('--ci')) {
  execFileSync('bash', ['-c', 'rm -rf /tmp/baalda-bench-ci && git clone -q . /tmp/baalda-bench-ci'], { cwd: root });
  rows.push([
    '`.ci/run` wall time (fresh clone)',
    `${timeCommand('bash', ['.ci/run'], '/tmp/baalda-bench-ci').toFixed(0)} s`,
  ]);
}

// Cold and warm `npm start`, and a relay restarted on its data; with `--startup-baseline DIR` (a checkout of
// an earlier commit with its own `npm ci` done) the same rows for it, measured in this run.
async function startupRows(): Promise<Array<[string, string]>> {
  const out: Array<[string, string]> = [];
  const baselineFlag = args.indexOf('--startup-baseline');
  const baseline = baselineFlag >= 0 ? args[baselineFlag + 1] : undefined;
  const startup = await measureStartup();
  const before = baseline ? await measureStartup(baseline) : undefined;
  const against = (now: number, then: number | undefined, digits: number) =>
    then === undefined ? `${now.toFixed(digits)} s` : `${now.toFixed(digits)} s (baseline ${then.toFixed(digits)} s)`;
  out.push(['cold `npm start` → first page (after npm ci)', against(startup.cold, before?.cold, 1)]);
  out.push(['warm `npm start` → first page', against(startup.warm, before?.warm, 1)]);
  // The baseline ran its relay through tsx's loader from source, as its tests did.
  const baselineRelay = baseline ? ['--import', 'tsx', join(baseline, 'apps', 'relay', 'src', 'main.ts')] : undefined;
  const restart = await measureRelayRestart();
  const restartBefore = baselineRelay ? await measureRelayRestart('', baselineRelay) : undefined;
  out.push([
    'relay restart → healthy, PGlite, after a clean stop',
    against(restart.afterStop, restartBefore?.afterStop, 2),
  ]);
  out.push(['relay restart → healthy, PGlite, after SIGKILL', against(restart.afterKill, restartBefore?.afterKill, 2)]);
  const postgresUrl = process.env.BAALDA_BENCH_DATABASE_URL;
  if (postgresUrl) {
    const onPostgres = await measureRelayRestart(postgresUrl);
    const onPostgresBefore = baselineRelay ? await measureRelayRestart(postgresUrl, baselineRelay) : undefined;
    out.push([
      'relay restart → healthy, PostgreSQL, after SIGKILL',
      against(onPostgres.afterKill, onPostgresBefore?.afterKill, 2),
    ]);
  }
  return out;
}

const width = Math.max(...rows.map(([name]) => name.length));
console.log(`\n| ${'measure'.padEnd(width)} | value |\n| ${'-'.repeat(width)} | ----- |`);
for (const [name, value] of rows) console.log(`| ${name.padEnd(width)} | ${value} |`);
