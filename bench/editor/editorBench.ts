// `npm run bench -- --only editor [--editor-port 9611] [--editor-baseline DIR]`: the editor's numbers in real
// Chromium against a relay started as `npm start` starts it, and the app shell's JavaScript read from the
// build. See bench/README.md.
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { defineBench, wholeNumber } from '../harness/benchDefinition';
import { kibibytes, type Measurement } from '../harness/measurement';
import { median, summarize } from '../stats';
import { startAppRelay } from './appRelay';
import { type AppShellReport, appGrammarSignatures, measureAppShell, readScript, sizeOf } from './appShell';
import { fillBenchVault } from './benchVault';
import { type BrowserReport, measureInBrowser } from './editorInBrowser';

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

/** The report as measurements: targets as the issue set them, another build's app shell as the baseline. */
export function editorMeasurements(report: EditorReport): Measurement[] {
  const { browser, shell, baselineShell, machineLoad: load } = report;
  const frame = summarize(browser.keystrokes.map((sample) => sample.frame));
  const rendered = summarize(browser.keystrokes.map((sample) => sample.rendered));
  const typed = `${browser.keystrokes.length} keys, 50,000-char note`;
  const grammarsFound = new Set(shell.grammarChunks.flatMap((chunk) => chunk.grammars)).size;
  const earlierBuild = (value: number, note: string) => ({ baseline: { label: 'baseline build', value }, note });
  return [
    { name: `keystroke → next frame p50 (${typed})`, unit: 'ms', value: frame.p50 },
    { name: `keystroke → next frame p95 (${typed})`, unit: 'ms', value: frame.p95, target: '≤ 30 ms' },
    { name: `keystroke → next frame max (${typed})`, unit: 'ms', value: frame.max },
    { name: 'keystroke → that frame rendered p95', unit: 'ms', value: rendered.p95 },
    {
      name: `keystroke → next frame p95 in a short note (${browser.keystrokesInShortNote.length} keys, same page)`,
      unit: 'ms',
      value: summarize(browser.keystrokesInShortNote.map((sample) => sample.frame)).p95,
    },
    {
      name: `open from IndexedDB: tree click → last paragraph (offline, median of ${browser.openFromTree.length})`,
      unit: 'ms',
      value: median(browser.openFromTree),
      target: '≤ 500 ms',
    },
    {
      name: `open from IndexedDB: reload ?note= → last paragraph (offline, median of ${browser.openByReload.length})`,
      unit: 'ms',
      value: median(browser.openByReload),
      target: '≤ 500 ms',
    },
    {
      name: '  of which: navigation start → app shell on the page (median)',
      unit: 'ms',
      value: median(browser.reloadShellShown),
    },
    {
      name: `app shell JS, gzipped (${shell.firstLoad.length} scripts of index.html)`,
      unit: 'KiB',
      value: kibibytes(shell.firstLoadGzipBytes),
      ...(baselineShell &&
        earlierBuild(
          kibibytes(baselineShell.firstLoadGzipBytes),
          `baseline: ${baselineShell.firstLoad.length} scripts`,
        )),
    },
    {
      name: `JS fetched until the big note first showed, gzipped (${browser.firstOpenScripts.length} scripts)`,
      unit: 'KiB',
      value: kibibytes(report.firstOpenGzipBytes),
    },
    {
      name: `highlight.js grammars in the app shell (of ${grammarsFound} found in ${shell.grammarChunks.length} chunks)`,
      unit: 'count',
      value: shell.grammarsInFirstLoad.length,
      target: '0',
      ...(baselineShell &&
        earlierBuild(
          baselineShell.grammarsInFirstLoad.length,
          `baseline: of ${baselineShell.grammarChunks.length} chunks with grammars`,
        )),
    },
    { name: 'images shown in the note (10 `![[…png]]` embeds)', unit: 'count', value: browser.imagesShown },
    {
      name: 'machine load average, 1 min (other programs share the CPUs)',
      unit: 'load',
      value: load.oneMinute,
      note: `5 min: ${load.fiveMinutes.toFixed(1)}, on ${load.cpus} CPUs`,
    },
  ];
}

/** Prints what the measurements leave out: the grammar chunks, and what the image count means. */
function printEditorNotes(report: EditorReport): void {
  console.log('\nhighlight.js grammar chunks (loaded on demand, none of them by index.html):');
  for (const chunk of report.shell.grammarChunks)
    console.log(`  ${chunk.path}  ${(chunk.gzipBytes / 1024).toFixed(1)} KiB gzipped  ${chunk.grammars.join(', ')}`);
  if (report.browser.imagesShown === 0)
    console.log(
      "\nThe note's 10 `![[Attachments/pic-N.png]]` lines are still text: the editor has no image embeds yet. " +
        'The PNGs are uploaded, so once it does they render as images and the measurements include them.',
    );
}

/** `editor`: the editor in Chromium and the app shell's JavaScript. */
export const editorBench = defineBench({
  name: 'editor',
  description:
    'keystroke → next frame in a 50,000-character note and reopening it offline, in Chromium; the app shell JS',
  flags: {
    'editor-port': {
      type: 'string',
      description: "the port of this bench's relay",
      default: String(EDITOR_BENCH_PORT),
    },
    'editor-baseline': { type: 'string', description: "another build's apps/web/out, for the app shell's baseline" },
  },
  inDefaultRun: true,
  check: (options) => void wholeNumber(options['editor-port'], 'editor-port'),
  run: async (options) => {
    const port = wholeNumber(options['editor-port'], 'editor-port');
    const report = await measureEditor({ port, baselineOutDir: options['editor-baseline'] });
    printEditorNotes(report);
    return editorMeasurements(report);
  },
});
