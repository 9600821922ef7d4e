// `npm run bench:markdown`: how much of Markdown survives Baalda's import then export, on the CommonMark and
// GFM spec examples and on a fixture vault of Obsidian notes (through a relay: `baalda import`, then `export`).
// Flags: see bench/markdown/README.md.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { documentContentOfMarkdown, markdownOfBlocks } from '@baalda/markdown';
import { printTable } from '../harness/textTable';
import { type CaseResult, type Converter, type FidelityCase, isFailure, measureCase, measureTrips } from './fidelity';
import {
  commonMarkCases,
  GFM_VERSION,
  gfmCases,
  isGfmExtension,
  SET_NAMES,
  type SetName,
  VAULT_CASE_PREFIX,
  VAULT_DIR,
  vaultCases,
} from './fidelityCases';
import {
  FAILURE_LEGEND,
  failureText,
  type ResultGroup,
  SUMMARY_HEADER,
  sectionGroups,
  summaryRow,
} from './fidelityReport';
import { renderHtml } from './renderHtml';
import { vaultTripsThroughRelay } from './vaultTrips';

const args = process.argv.slice(2);
const DEFAULT_JSON = join(import.meta.dirname, '..', 'results', 'markdown-fidelity.json');

/** One round trip is exactly what an import followed by an export does. */
const converter: Converter = {
  roundTrip: (markdown) => markdownOfBlocks(documentContentOfMarkdown(markdown)),
  render: renderHtml,
};

function flagValue(name: string): string | undefined {
  const index = args.indexOf(name);
  const value = index >= 0 ? args[index + 1] : undefined;
  return value?.startsWith('--') ? undefined : value;
}

function chosenSets(): SetName[] {
  const only = flagValue('--only')?.split(',');
  const unknown = only?.filter((name) => !(SET_NAMES as readonly string[]).includes(name)) ?? [];
  if (unknown.length > 0) throw new Error(`--only takes ${SET_NAMES.join(', ')}; not ${unknown.join(', ')}`);
  return SET_NAMES.filter((name) => !only || only.includes(name));
}

/**
 * The spec examples through the converter alone (they hold no links to resolve); a vault's files through a
 * relay, as `baalda import` and `baalda export` carry them, link resolution included.
 */
async function measureSet(set: SetName): Promise<CaseResult[]> {
  if (set === 'commonmark') return commonMarkCases().map((example) => measureCase(example, converter));
  if (set === 'gfm') return gfmCases().map((example) => measureCase(example, converter));
  const dir = flagValue('--vault') ?? VAULT_DIR;
  const files = await vaultCases(dir);
  const trips = await vaultTripsThroughRelay(dir, files.map(vaultPathOf));
  return files.map((file) => measureTrips(file, trips.get(vaultPathOf(file)) ?? NOT_MEASURED, renderHtml));
}

const NOT_MEASURED = { ok: false, error: 'no round trip was made' } as const;

function vaultPathOf(file: FidelityCase): string {
  return file.id.slice(VAULT_CASE_PREFIX.length);
}

function groupsOf(set: SetName, results: CaseResult[]): ResultGroup[] {
  if (set === 'commonmark') return [{ label: 'CommonMark 0.31.2 spec examples', results }];
  if (set === 'vault') return [{ label: `${flagValue('--vault') ?? 'fixture vault'} (files)`, results }];
  return [
    { label: `GFM ${GFM_VERSION} spec examples, all`, results },
    { label: 'GFM, extension sections only', results: results.filter(isGfmExtension) },
  ];
}

const sets = chosenSets();
const results: CaseResult[] = [];
const groups: ResultGroup[] = [];
for (const set of sets) {
  const measured = await measureSet(set);
  results.push(...measured);
  groups.push(...groupsOf(set, measured));
}

console.log('\nMarkdown round trip (import then export) fidelity:\n');
printTable(SUMMARY_HEADER, groups.map(summaryRow));
if (args.includes('--sections')) printTable(SUMMARY_HEADER, sectionGroups(results).map(summaryRow));
const errors = results.filter((result) => result.error !== null).length;
if (errors > 0) console.log(`${errors} round trips threw (counted as failed in every column); --list shows them.\n`);

const listFlag = ['--list', '--failures'].find((flag) => args.includes(flag));
if (listFlag) {
  const bytes = flagValue(listFlag) === 'bytes';
  console.log(FAILURE_LEGEND);
  for (const result of results.filter((each) => isFailure(each, { bytes }))) console.log(failureText(result));
}

if (args.includes('--json')) {
  const path = flagValue('--json') ?? DEFAULT_JSON;
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`Per-case results written to ${path}`);
}
