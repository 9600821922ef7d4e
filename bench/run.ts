// `npm run bench`: runs the benches through one harness, prints one table, writes the run as JSON and, with
// `--compare OLD.json`, sets it beside a stored run. `--list` names every bench and its flags; see
// bench/README.md.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuilt } from '../scripts/ensureBuilt.mjs';
import { BENCHES } from './benches';
import { optionsFor, parseOptionsOf } from './harness/benchFlags';
import { compareRuns, comparisonLines } from './harness/compareRuns';
import { benchListing } from './harness/listBenches';
import { measurementTable } from './harness/measurementTable';
import { runBenches } from './harness/runBenches';
import { defaultRecordPath, type RunRecord, readRunRecord, runMetadata, writeRunRecord } from './harness/runRecord';
import { selectBenches } from './harness/selection';
import { printTable, tableLines } from './harness/textTable';

const root = join(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const { values } = parseArgs({ args: argv, options: parseOptionsOf(BENCHES), strict: true });
const text = (name: string) => (typeof values[name] === 'string' ? values[name] : undefined);

function printComparison(older: RunRecord, newer: RunRecord, olderPath: string): void {
  console.log(
    `\nCompared with ${olderPath} (${older.date}, ${older.commit.slice(0, 9)}${older.dirty ? ' with changes' : ''}):`,
  );
  console.log(`${comparisonLines(compareRuns(older.measurements, newer.measurements), tableLines).join('\n')}\n`);
}

if (values.list) {
  console.log(benchListing(BENCHES).join('\n'));
} else {
  // A stored run that does not parse is refused before anything runs.
  const comparePath = text('compare');
  const older = comparePath === undefined ? undefined : readRunRecord(comparePath);
  const againstPath = text('against');
  if (againstPath !== undefined) {
    if (!older || !comparePath) throw new Error('--against compares with the run --compare names: give both');
    printComparison(older, readRunRecord(againstPath), comparePath);
  } else {
    const chosen = selectBenches(BENCHES, text('only'), text('skip'));
    // The relay processes the benches start run the compiled relay, as `npm start` does.
    await ensureBuilt({ web: false });
    const results = await runBenches(chosen, (bench) => optionsFor(bench, values));
    const record: RunRecord = { ...runMetadata(root, argv), ...results };
    const table = measurementTable(record.measurements);
    console.log();
    printTable(table.header, table.rows);
    const path = text('json') ?? defaultRecordPath(root, record.date);
    writeRunRecord(path, record);
    console.log(`Run written to ${path}`);
    if (older && comparePath) printComparison(older, record, comparePath);
    if (record.failed.length > 0) {
      console.error(`Failed: ${record.failed.map(({ bench, error }) => `${bench} (${error})`).join('; ')}`);
      process.exitCode = 1;
    }
  }
}
