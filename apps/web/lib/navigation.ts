// history.pushState fires no event of its own; this one lets every subscriber see app navigations.
const NAVIGATE_EVENT = 'baalda:navigate';

/** Calls `listener` on every URL change: the browser's back/forward and the app's own navigations. */
export function subscribeToNavigation(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  window.addEventListener(NAVIGATE_EVENT, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(NAVIGATE_EVENT, listener);
  };
}

/** Goes to an app URL without a page load: a new history entry, or the current one replaced. */
export function navigateTo(href: string, replace = false): void {
  if (replace) window.history.replaceState(null, '', href);
  else window.history.pushState(null, '', href);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}
