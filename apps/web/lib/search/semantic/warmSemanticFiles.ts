/** What the service worker listens for (scripts/serviceWorkerTemplate.js) to cache the encoder's files now. */
export const WARM_SEMANTIC_FILES = 'warm-semantic-files';

// Long enough that the app's first requests (the tree, the open note) go first.
const WARM_DELAY_MS = 5_000;
const IDLE_TIMEOUT_MS = 30_000;

/**
 * SEMW2: once per page, a few seconds after it opened, when the browser is idle and online, asks the
 * service worker to cache the sentence encoder's files (it fetches only those it lacks). So a device that
 * has been online once since the app was installed can search by meaning offline, without a search having
 * fetched them first. Returns a function that cancels what hasn't happened yet.
 */
export function warmSemanticFilesWhenIdle(container: ServiceWorkerContainer): () => void {
  let cancelled = false;
  const ask = async () => {
    const registration = await container.ready;
    if (!cancelled) registration.active?.postMessage({ kind: WARM_SEMANTIC_FILES });
  };
  const whenOnline = () => {
    if (cancelled) return;
    if (!navigator.onLine) {
      window.addEventListener('online', whenOnline, { once: true });
      return;
    }
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void ask(), { timeout: IDLE_TIMEOUT_MS });
    else void ask();
  };
  const timer = setTimeout(whenOnline, WARM_DELAY_MS);
  return () => {
    cancelled = true;
    clearTimeout(timer);
    window.removeEventListener('online', whenOnline);
  };
}
