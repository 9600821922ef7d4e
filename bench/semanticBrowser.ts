// `npm run bench -- --only semantic-browser [--browser-port 9612]`: the sentence encoder in the PWA, in Debian's Chromium. The
// model's load in the app's Web Worker, the first time (its files from the relay, nothing cached) and offline
// (from the service worker's cache, as an offline search loads it), then the worker's embedding throughput.
import { noteVectorsOf, type SentenceEncoder, USE_LITE } from '@baalda/core';
import { API, pathFor } from '@baalda/core/api';
import type { BrowserContext, Page } from '@playwright/test';
import { ENCODER_WORKER_URL, NOTES_PER_BATCH, UNCACHED_SEMANTIC_FILES_SCRIPT } from 'baalda-web/testing';
import { startAppRelay } from './editor/appRelay';
import { launchBenchBrowser } from './editor/benchBrowser';
import { signInBrowser } from './editor/browserSignIn';
import { SERVICE_WORKER_CONTROLS } from './editor/pageProbes';
import { defineBench, wholeNumber } from './harness/benchDefinition';
import type { Measurement } from './harness/measurement';
import { noteTexts } from './semantic';

const EMBEDDED_NOTES = 64;
const CACHED_TIMEOUT_MS = 120_000;
export const BROWSER_BENCH_PORT = 9612;

/** A model load as the page saw it (worker created → ready) and as the worker timed its own loading. */
interface ModelLoad {
  readonly pageMs: number;
  readonly workerMs: number;
}

/** What the browser measured. */
export interface BrowserSemantics {
  readonly firstLoad: ModelLoad;
  readonly offlineLoad: ModelLoad;
  readonly notesPerSecond: number;
}

// The page's side of the encoder worker (encoderMessages.ts), as a string: functions tsx compiles may carry
// helpers the page lacks. Vectors come back as plain arrays, which Playwright can carry.
const WORKER_DRIVER = `window.__benchEncoder = (() => {
  let worker;
  let nextId = 0;
  const waiting = new Map();
  return {
    start(url) {
      return new Promise((resolve, reject) => {
        const started = performance.now();
        worker = new Worker(url);
        worker.onerror = (event) => reject(new Error(event.message || 'the encoder worker failed'));
        worker.onmessage = ({ data }) => {
          if (data.kind === 'ready') resolve({ pageMs: performance.now() - started, workerMs: data.loadMs });
          else if (data.kind === 'loadFailed') reject(new Error(data.reason));
          else {
            const job = waiting.get(data.id);
            waiting.delete(data.id);
            if (data.kind === 'vectors') job.resolve(data.vectors.map((vector) => Array.from(vector)));
            else job.reject(new Error(data.reason));
          }
        };
      });
    },
    embed(texts) {
      return new Promise((resolve, reject) => {
        nextId += 1;
        waiting.set(nextId, { resolve, reject });
        worker.postMessage({ id: nextId, texts });
      });
    },
    stop() {
      worker.terminate();
    },
  };
})();`;

export async function measureSemanticInBrowser(port = BROWSER_BENCH_PORT): Promise<BrowserSemantics> {
  const relay = await startAppRelay(port);
  const browser = await launchBenchBrowser();
  try {
    // A page of the relay's origin that is not the app: no service worker, no cache, nothing warmed.
    const bare = await browser.newContext({ baseURL: relay.url });
    const firstLoad = await loadModel(await bare.newPage(), pathFor(API.health, {}));
    await bare.close();
    const app = await browser.newContext({ baseURL: relay.url });
    const page = await openAppWithEncoderCached(app);
    await app.setOffline(true);
    const offlineLoad = await loadModel(page);
    const notesPerSecond = await embeddingThroughput(page);
    await app.close();
    return { firstLoad, offlineLoad, notesPerSecond };
  } finally {
    await browser.close();
    await relay.stop();
  }
}

// Starts the app's encoder worker in `page` (after opening `path`, when given) and waits for its model.
async function loadModel(page: Page, path?: string): Promise<ModelLoad> {
  if (path) await page.goto(path);
  await page.evaluate(WORKER_DRIVER);
  return page.evaluate(`window.__benchEncoder.start(${JSON.stringify(ENCODER_WORKER_URL)})`) as Promise<ModelLoad>;
}

// Signed in, the app open, its service worker in control and the encoder's files in its cache (SEMW2: the
// app asks for them a few seconds after opening, when idle).
async function openAppWithEncoderCached(context: BrowserContext): Promise<Page> {
  await signInBrowser(context);
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(SERVICE_WORKER_CONTROLS);
  const deadline = Date.now() + CACHED_TIMEOUT_MS;
  for (;;) {
    const missing = await uncachedEncoderFiles(page);
    if (missing.length === 0) return page;
    if (Date.now() > deadline) throw new Error(`the encoder's files were not cached: ${missing.join(', ')}`);
    await page.waitForTimeout(500);
  }
}

// The encoder's files the service worker's cache lacks.
function uncachedEncoderFiles(page: Page): Promise<string[]> {
  return page.evaluate(UNCACHED_SEMANTIC_FILES_SCRIPT) as Promise<string[]>;
}

// Notes of ~200 words through core's noteVectorsOf (whole text and sections, as the app embeds a note), in
// the app's batches, timed from the first batch sent to the last one's vectors.
async function embeddingThroughput(page: Page): Promise<number> {
  const encoder: SentenceEncoder = {
    name: USE_LITE.name,
    dimensions: USE_LITE.dimensions,
    embedBatch: async (texts) => {
      const vectors = (await page.evaluate(`window.__benchEncoder.embed(${JSON.stringify(texts)})`)) as number[][];
      return vectors.map((vector) => Float32Array.from(vector));
    },
  };
  const texts = noteTexts(EMBEDDED_NOTES).map((paragraphs) => paragraphs.join('\n'));
  // The first batch also compiles the model's kernels: it is run, not counted.
  await noteVectorsOf(encoder, texts.slice(0, NOTES_PER_BATCH));
  const started = performance.now();
  for (let start = 0; start < texts.length; start += NOTES_PER_BATCH)
    await noteVectorsOf(encoder, texts.slice(start, start + NOTES_PER_BATCH));
  return texts.length / ((performance.now() - started) / 1000);
}

/** The report as measurements: each model load as the page saw it and the worker's own share of it. */
export function browserSemanticMeasurements(report: BrowserSemantics): Measurement[] {
  const load = (name: string, { pageMs, workerMs }: ModelLoad): Measurement[] => [
    { name, unit: 'ms', value: pageMs },
    { name: `${name}, of it loading the model in the worker`, unit: 'ms', value: workerMs },
  ];
  return [
    ...load('semantic model load, PWA (Chromium, Web Worker): first use, files from the relay', report.firstLoad),
    ...load("semantic model load, PWA: offline, files from the service worker's cache", report.offlineLoad),
    {
      name: `embedding throughput, browser (Chromium, Web Worker, ~200-word notes, ${NOTES_PER_BATCH} a batch)`,
      unit: 'notes/s',
      value: report.notesPerSecond,
    },
  ];
}

/** `semantic-browser`: the sentence encoder in the PWA. */
export const semanticBrowserBench = defineBench({
  name: 'semantic-browser',
  description: "the encoder in the PWA (Chromium, the app's Web Worker): model load online and offline, throughput",
  flags: {
    'browser-port': {
      type: 'string',
      description: "the port of this bench's relay",
      default: String(BROWSER_BENCH_PORT),
    },
  },
  inDefaultRun: true,
  check: (options) => void wholeNumber(options['browser-port'], 'browser-port'),
  run: async (options) =>
    browserSemanticMeasurements(await measureSemanticInBrowser(wholeNumber(options['browser-port'], 'browser-port'))),
});
