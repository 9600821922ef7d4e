// The editor bench's browser half: Chromium (Debian's, as the e2e tests run it) signed in as the relay's owner
// opens the big note, types into its middle, then reopens it offline, from IndexedDB alone.
import { writeFile } from 'node:fs/promises';
import { API_PREFIX } from '@baalda/core/api';
import type { BrowserContext, Page } from '@playwright/test';
import { z } from 'zod';
import type { AppRelay } from './appRelay';
import { launchBenchBrowser } from './benchBrowser';
import type { BenchVault } from './benchVault';
import { LAST_PARAGRAPH } from './bigNote';
import { signInBrowser } from './browserSignIn';
import {
  CLICK_PROBE,
  CLICKED_AT,
  KEYSTROKE_PROBE,
  type KeystrokeSample,
  keystrokeSamples,
  SERVICE_WORKER_CONTROLS,
  SHOWN_AT,
  SHOWN_PROBE_INSTALLED,
  shownProbe,
} from './pageProbes';

/** What the browser measured, in milliseconds. */
export interface BrowserReport {
  readonly keystrokes: readonly KeystrokeSample[];
  /** The same in a note that was empty: what a key costs whatever the note's size. */
  readonly keystrokesInShortNote: readonly KeystrokeSample[];
  /** Click on the note in the tree (another note open) → its last paragraph rendered, offline, per try. */
  readonly openFromTree: readonly number[];
  /** Navigation start of `/?note=` (a reload) → its last paragraph rendered, offline, per try. */
  readonly openByReload: readonly number[];
  /** Of each reload, navigation start → the app's shell on the page (the rest is the note's own load). */
  readonly reloadShellShown: readonly number[];
  /** URL paths of the scripts the page fetched until the note first showed (from the relay, online). */
  readonly firstOpenScripts: readonly string[];
  /** `<img>` elements in the note once shown: image embeds render as text until the editor has images. */
  readonly imagesShown: number;
}

const TYPED = 'and the quick brown fox jumps over the lazy dog while the team reviews the draft '
  .repeat(3)
  .slice(0, 200);
// About 16 keys a second, a fast typist: the page gets the idle time between keys a person leaves it.
const KEY_INTERVAL_MS = 60;
const REOPENS = 5;
const SHOWN_TIMEOUT_MS = 60_000;
const keystrokeSamplesSchema = z.array(z.object({ frame: z.number(), rendered: z.number() }));
const shownTimesSchema = z.object({ shell: z.number().nullable(), shown: z.number() });

/** Runs the browser measurements against `relay`, whose vault `vault` filled. */
export async function measureInBrowser(relay: AppRelay, vault: BenchVault): Promise<BrowserReport> {
  const browser = await launchBenchBrowser();
  try {
    const context = await browser.newContext({ baseURL: relay.url });
    await signInBrowser(context);
    const page = await context.newPage();
    const firstOpenScripts = await openFirstTime(page, vault.bigNote);
    // Not every img: ProseMirror puts separator imgs beside inline atoms at a line's end.
    const imagesShown = await page.locator('[data-testid="editor"] .ProseMirror .note-embed img').count();
    const keystrokes = await profiled(page, () => typeInTheMiddle(page, TYPED));
    await treeLink(page, vault.otherNote).click();
    await page.locator(`[data-testid="editor"][data-doc-id="${vault.otherNote}"]`).waitFor();
    const keystrokesInShortNote = await typeInTheMiddle(page, TYPED.slice(0, 100));
    await expectSynced(page);
    await goOffline(context, page);
    const openFromTree = await reopenFromTree(page, vault);
    const reloads = await reopenByReload(page, vault.bigNote);
    return {
      keystrokes,
      keystrokesInShortNote,
      openFromTree,
      openByReload: reloads.map((reload) => reload.shown),
      reloadShellShown: reloads.map((reload) => reload.shell ?? Number.NaN),
      firstOpenScripts,
      imagesShown,
    };
  } finally {
    await browser.close();
  }
}

// BAALDA_BENCH_PROFILE=<file.cpuprofile> records the page's CPU profile while it types in the big note
// (open it in Chromium's DevTools), to see where a keystroke's time goes.
async function profiled<T>(page: Page, run: () => Promise<T>): Promise<T> {
  const file = process.env.BAALDA_BENCH_PROFILE;
  if (!file) return run();
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.start');
  const result = await run();
  const { profile } = await session.send('Profiler.stop');
  await writeFile(file, JSON.stringify(profile));
  return result;
}

// The first open loads the note from the relay and keeps it in IndexedDB; the service worker caches the shell.
async function openFirstTime(page: Page, bigNote: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.addInitScript({ content: shownProbe(bigNote, LAST_PARAGRAPH) });
  await page.goto(`/?note=${bigNote}`);
  await shownAt(page);
  const shownScripts = [...scripts];
  page.removeAllListeners('request');
  await expectSynced(page);
  await page.evaluate(SERVICE_WORKER_CONTROLS);
  return shownScripts;
}

async function typeInTheMiddle(page: Page, typed: string): Promise<KeystrokeSample[]> {
  const paragraphs = page.locator('[data-testid="editor"] .ProseMirror > p');
  const middle = paragraphs.nth(Math.floor((await paragraphs.count()) / 2));
  // On its first word: a click on a note link would open that note.
  await middle.click({ position: { x: 4, y: 4 } });
  await page.keyboard.press('End');
  await page.evaluate(KEYSTROKE_PROBE);
  let samples: KeystrokeSample[] = [];
  for (const [index, key] of [...typed].entries()) {
    const pressed = performance.now();
    await page.keyboard.type(key);
    samples = keystrokeSamplesSchema.parse(await page.evaluate(keystrokeSamples(index + 1)));
    await sleep(KEY_INTERVAL_MS - (performance.now() - pressed));
  }
  const text = await middle.textContent();
  if (!text?.includes(typed.trim())) throw new Error('the typed text is not in the paragraph it was typed in');
  return samples;
}

async function reopenFromTree(page: Page, vault: BenchVault): Promise<number[]> {
  const times: number[] = [];
  for (let attempt = 0; attempt < REOPENS; attempt += 1) {
    await treeLink(page, vault.otherNote).click();
    await page.locator(`[data-testid="editor"][data-doc-id="${vault.otherNote}"]`).waitFor();
    await page.evaluate(`${CLICK_PROBE};${shownProbe(vault.bigNote, LAST_PARAGRAPH)}`);
    await treeLink(page, vault.bigNote).click();
    const { shown } = await shownAt(page);
    const clicked = z.number().parse(await page.evaluate(CLICKED_AT));
    times.push(shown - clicked);
  }
  return times;
}

async function reopenByReload(page: Page, bigNote: string): Promise<ShownTimes[]> {
  const times: ShownTimes[] = [];
  for (let attempt = 0; attempt < REOPENS; attempt += 1) {
    await page.goto(`/?note=${bigNote}`, { waitUntil: 'commit' });
    times.push(await shownAt(page));
  }
  return times;
}

type ShownTimes = z.infer<typeof shownTimesSchema>;

async function shownAt(page: Page): Promise<ShownTimes> {
  await page.waitForFunction(SHOWN_PROBE_INSTALLED, undefined, { timeout: SHOWN_TIMEOUT_MS });
  return shownTimesSchema.parse(await page.evaluate(SHOWN_AT));
}

function treeLink(page: Page, docId: string) {
  return page.locator(`[data-testid="tree-note"][data-doc-id="${docId}"]`).getByRole('link');
}

async function expectSynced(page: Page): Promise<void> {
  await page.locator('[data-testid="sync-state"][data-state="synced"]').waitFor({ timeout: SHOWN_TIMEOUT_MS });
}

// As e2e/tests/network.ts does: Chromium's offline emulation leaks with a service worker, so the API is also
// refused by a route; the sync socket is left to the emulation. The app must say it is offline before reopening.
async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.route(
    (url) => url.pathname.startsWith(API_PREFIX),
    (route) => route.abort('internetdisconnected'),
  );
  await context.setOffline(true);
  await page.locator('[data-testid="sync-state"][data-state="offline"]').waitFor({ timeout: SHOWN_TIMEOUT_MS });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
