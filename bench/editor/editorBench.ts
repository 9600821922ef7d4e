// `npm run bench -- --only-editor`: the editor's numbers in real Chromium against a relay started as `npm start`
// starts it, and the app shell's JavaScript read from the build. Run alone: `npx tsx bench/editor/editorBench.ts
// [--editor-port 9611] [--editor-baseline DIR]`. See bench/README.md.
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, summarize } from '../stats';
import { startAppRelay } from './appRelay';
import { type AppShellReport, appGrammarSignatures, measureAppShell, readScript, sizeOf } from './appShell';
import { fillBenchVault } from './benchVault';
import { type BrowserReport, measureInBrowser } from './editorInBrowser';

/** A row of the editor table: metric, value, target, baseline. */
export type EditorRow = readonly [string, string, string, string];

/** Everything the editor bench measured. */
export interface EditorReport {
  readonly browser: BrowserReport;
  readonly shell: AppShellReport;
  /** The same read of another build (`--editor-baseline`), when given. */
  readonly baselineShell?: AppShellReport;
  /** Gzipped bytes of the scripts the page fetched until the big note first showed. */
  readonly firstOpenGzipBytes: number;
  /** The machine's load average (1 and 5 minutes) when the browser was done, and its CPUs: the timings' context. */
  readonly machineLoad: { readonly oneMinute: number; readonly fiveMinutes: number; readonly cpus: number };
}

const ROOT = join(import.meta.dirname, '..', '..');
const OUT_DIR = join(ROOT, 'apps', 'web', 'out');
/** The port of the bench's relay unless `--editor-port` says otherwise. */
export const EDITOR_BENCH_PORT = 9611;

/** Where the bench's relay listens, and the `out` folder of another build to compare the app shell with. */
export interface EditorBenchOptions {
  readonly port: number;
  readonly baselineOutDir?: string;
}

/** The options from command-line flags: `--editor-port N`, `--editor-baseline DIR`. */
export function editorOptionsFrom(args: readonly string[]): EditorBenchOptions {
  const flag = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  return { port: Number(flag('--editor-port') ?? EDITOR_BENCH_PORT), baselineOutDir: flag('--editor-baseline') };
}

/** Starts a relay (which builds what is stale, as `npm start` does), fills it and measures. */
export async function measureEditor({ port, baselineOutDir }: EditorBenchOptions): Promise<EditorReport> {
  const relay = await startAppRelay(port);
  let browser: BrowserReport;
  try {
    browser = await measureInBrowser(relay, await fillBenchVault(relay));
  } finally {
    await relay.stop();
  }
  const [oneMinute = 0, fiveMinutes = 0] = loadavg();
  const grammars = await appGrammarSignatures(ROOT);
  const firstOpen = await Promise.all(
    browser.firstOpenScripts.map(async (path) => sizeOf(path, await readScript(OUT_DIR, path))),
  );
  return {
    browser,
    shell: await measureAppShell(OUT_DIR, grammars),
    baselineShell: baselineOutDir ? await measureAppShell(baselineOutDir, grammars) : undefined,
    firstOpenGzipBytes: firstOpen.reduce((sum, script) => sum + script.gzipBytes, 0),
    machineLoad: { oneMinute, fiveMinutes, cpus: availableParallelism() },
  };
}

/** The report as rows of the editor table. */
export function editorRows(report: EditorReport): EditorRow[] {
  const { browser, shell, baselineShell, machineLoad: load } = report;
  const frame = summarize(browser.keystrokes.map((sample) => sample.frame));
  const rendered = summarize(browser.keystrokes.map((sample) => sample.rendered));
  const typed = `${browser.keystrokes.length} keys, 50,000-char note`;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const grammarsFound = new Set(shell.grammarChunks.flatMap((chunk) => chunk.grammars)).size;
  return [
    [`keystroke → next frame p50 (${typed})`, ms(frame.p50), '', ''],
    [`keystroke → next frame p95 (${typed})`, ms(frame.p95), '≤ 30 ms', ''],
    [`keystroke → next frame max (${typed})`, ms(frame.max), '', ''],
    [`keystroke → that frame rendered p95`, ms(rendered.p95), '', ''],
    [
      `keystroke → next frame p95 in a short note (${browser.keystrokesInShortNote.length} keys, same page)`,
      ms(summarize(browser.keystrokesInShortNote.map((sample) => sample.frame)).p95),
      '',
      '',
    ],
    [
      `open from IndexedDB: tree click → last paragraph (offline, median of ${browser.openFromTree.length})`,
      ms(median(browser.openFromTree)),
      '≤ 500 ms',
      '',
    ],
    [
      `open from IndexedDB: reload ?note= → last paragraph (offline, median of ${browser.openByReload.length})`,
      ms(median(browser.openByReload)),
      '≤ 500 ms',
      '',
    ],
    ['  of which: navigation start → app shell on the page (median)', ms(median(browser.reloadShellShown)), '', ''],
    [
      `app shell JS, gzipped (${shell.firstLoad.length} scripts of index.html)`,
      kib(shell.firstLoadGzipBytes),
      '',
      baselineShell ? `${kib(baselineShell.firstLoadGzipBytes)} (${baselineShell.firstLoad.length} scripts)` : '',
    ],
    [
      `JS fetched until the big note first showed, gzipped (${browser.firstOpenScripts.length} scripts)`,
      kib(report.firstOpenGzipBytes),
      '',
      '',
    ],
    [
      `highlight.js grammars in the app shell (of ${grammarsFound} found in ${shell.grammarChunks.length} chunks)`,
      String(shell.grammarsInFirstLoad.length),
      '0',
      baselineShell
        ? `${baselineShell.grammarsInFirstLoad.length} (of ${baselineShell.grammarChunks.length} chunks with grammars)`
        : '',
    ],
    [`images shown in the note (10 \`![[…png]]\` embeds)`, String(browser.imagesShown), '', ''],
    [
      'machine load average, 1 / 5 min (other programs share the CPUs)',
      `${load.oneMinute.toFixed(1)} / ${load.fiveMinutes.toFixed(1)} on ${load.cpus} CPUs`,
      '',
      '',
    ],
  ];
}

/** Prints the rows as a Markdown table, then the grammar chunks and what the image row means. */
export function printEditorTable(rows: readonly EditorRow[], report: EditorReport): void {
  const header: EditorRow = ['metric', 'value', 'target', 'baseline'];
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]?.length ?? 0)));
  const line = (row: EditorRow) => `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(`\n${line(header)}\n| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`);
  for (const row of rows) console.log(line(row));
  console.log('\nhighlight.js grammar chunks (loaded on demand, none of them by index.html):');
  for (const chunk of report.shell.grammarChunks)
    console.log(`  ${chunk.path}  ${(chunk.gzipBytes / 1024).toFixed(1)} KiB gzipped  ${chunk.grammars.join(', ')}`);
  if (report.browser.imagesShown === 0)
    console.log(
      "\nThe note's 10 `![[Attachments/pic-N.png]]` lines are still text: the editor has no image embeds yet. " +
        'The PNGs are uploaded, so once it does they render as images and the rows above include them.',
    );
}

/** An editor row as a row of `npm run bench`'s two-column table. */
export function asBenchRow([metric, value, target, baseline]: EditorRow): [string, string] {
  const notes = [target && `target ${target}`, baseline && `baseline ${baseline}`].filter(Boolean);
  return [metric, notes.length > 0 ? `${value} (${notes.join('; ')})` : value];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = await measureEditor(editorOptionsFrom(process.argv.slice(2)));
  printEditorTable(editorRows(report), report);
}
