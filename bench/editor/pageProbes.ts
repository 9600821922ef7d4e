// Timers that run inside the page, as source text: a function handed to Playwright's `evaluate` is serialized
// as written, and tsx's transform adds name helpers (`__name`) that the page does not have.

// A frame's work ends after its requestAnimationFrame callbacks, style, layout and paint; a message posted from
// the callback is delivered after that work, so it marks when the frame was rendered.
const AFTER_FRAME = `
  const afterFrame = (done) => requestAnimationFrame(() => {
    const frame = performance.now();
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done(frame, performance.now());
    channel.port2.postMessage(null);
  });`;

/**
 * Installs `window.__benchKeystrokes` on a page showing a note: for each key typed, from the keydown's
 * timestamp (when the browser received it, so waiting for a busy page counts) to the first
 * requestAnimationFrame callback after the editor's DOM changed (`frame`), and to that frame rendered
 * (`rendered`). `waitForSamples(n)` resolves once n keys were timed.
 */
export const KEYSTROKE_PROBE = `(() => {
  ${AFTER_FRAME}
  const root = document.querySelector('[data-testid="editor"] .ProseMirror');
  if (!root) throw new Error('no editor on the page');
  const samples = [];
  const waiters = [];
  let typed = null;
  addEventListener('keydown', (event) => { typed = { at: event.timeStamp, changed: false }; }, true);
  new MutationObserver(() => {
    const key = typed;
    if (!key || key.changed) return;
    key.changed = true;
    afterFrame((frame, rendered) => {
      samples.push({ frame: frame - key.at, rendered: rendered - key.at });
      for (const wake of waiters.splice(0)) wake();
    });
  }).observe(root, { childList: true, subtree: true, characterData: true });
  window.__benchKeystrokes = {
    waitForSamples: (count) => new Promise((resolve) => {
      const check = () => (samples.length >= count ? resolve(samples.slice()) : waiters.push(check));
      check();
    }),
  };
})()`;

/** One key's times, in milliseconds from its keydown. */
export interface KeystrokeSample {
  readonly frame: number;
  readonly rendered: number;
}

/**
 * Script that sets `window.__benchShown` to a promise of `{ shell, shown }`: when the app's shell was first on
 * the page (its New note button), and when the frame showing `text` near the end of note `docId`'s editor was
 * rendered (`performance.now()`, so milliseconds since the page's navigation started; `shell` is null when the
 * shell was there before the script ran). Works as an init script (before the app loads) and on a
 * running page.
 */
export function shownProbe(docId: string, text: string): string {
  return `(() => {
  ${AFTER_FRAME}
  const selector = ${JSON.stringify(`[data-testid="editor"][data-doc-id="${docId}"] .ProseMirror`)};
  const text = ${JSON.stringify(text)};
  let shell = null;
  const isShown = () => {
    if (shell === null && document.querySelector('[data-testid="new-note"]')) shell = performance.now();
    let block = document.querySelector(selector)?.lastElementChild;
    for (let looked = 0; block && looked < 3; looked += 1, block = block.previousElementSibling) {
      if (block.textContent.includes(text)) return true;
    }
    return false;
  };
  window.__benchShown = new Promise((resolve) => {
    const done = () => afterFrame((frame, rendered) => resolve({ shell, shown: rendered }));
    if (isShown()) return done();
    const observer = new MutationObserver(() => {
      if (!isShown()) return;
      observer.disconnect();
      done();
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  });
})()`;
}

/** Script that keeps the timestamp of the next click in `window.__benchClickedAt`. */
export const CLICK_PROBE = `(() => {
  addEventListener('click', (event) => { window.__benchClickedAt = event.timeStamp; }, { capture: true, once: true });
})()`;

/** Resolves once the service worker controls the page, i.e. the app shell is cached for offline use. */
export const SERVICE_WORKER_CONTROLS = `(async () => {
  await navigator.serviceWorker.ready;
  if (navigator.serviceWorker.controller) return;
  await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
})()`;

/** Resolves to the samples of KEYSTROKE_PROBE once it holds `count`. */
export function keystrokeSamples(count: number): string {
  return `window.__benchKeystrokes.waitForSamples(${count})`;
}

/** True once a shown probe is installed; then SHOWN_AT resolves to its time. */
export const SHOWN_PROBE_INSTALLED = `'__benchShown' in window`;
export const SHOWN_AT = 'window.__benchShown';
/** CLICK_PROBE's time. */
export const CLICKED_AT = 'window.__benchClickedAt';
