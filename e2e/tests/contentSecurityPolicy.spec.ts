import type { BrowserContext, ConsoleMessage } from '@playwright/test';
import { signInContext } from './accounts';
import { createNote, emptyVault, expectSyncState, typeInEditor, waitForOfflineReady } from './helpers';
import { goOffline, goOnline } from './network';
import { expect, test } from './relayFixture';
import { expectFirstHit, openSearch, results } from './searchPalette';
import { waitForSemanticFilesCached } from './semanticFiles';

test.beforeEach(async ({ request }) => emptyVault(request));

const VIOLATION = 'securitypolicyviolation';

/**
 * Every Content-Security-Policy violation of the context's pages and their workers, as a line of text: the
 * page's own `securitypolicyviolation` events, and what Chromium logs when it blocks something.
 */
async function watchViolations(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  const record = (message: ConsoleMessage) => {
    if (message.text().includes(VIOLATION) || /Content Security Policy/i.test(message.text()))
      seen.push(message.text());
  };
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`securitypolicyviolation ${event.effectiveDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  context.on('page', (page) => {
    page.on('console', record);
    page.on('worker', (worker) => worker.on('console', record));
  });
  return seen;
}

test('[HTTP17] an injected inline script is blocked, and the app edits, searches by words and by meaning and works offline under its policy', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const violations = await watchViolations(context);
  await signInContext(context, 'alice');
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByTestId('new-note')).toBeVisible();

  // The attack: markup that made it into the page adds a script of its own. It must not run.
  const ran = await page.evaluate(async () => {
    const injected = document.createElement('script');
    injected.textContent = 'window.__injected = true';
    document.body.append(injected);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(violations.join('\n')).toContain('script-src');
  violations.length = 0;

  // The app itself: its inline scripts, chunks, the service worker, the encoder's Web Worker and WebAssembly.
  await waitForOfflineReady(page);
  await waitForSemanticFilesCached(page);
  const refunds = await createNote(page, 'Refund policy');
  await typeInEditor(
    page,
    'Refund window: 30 days from delivery. Items must be unused and in their original packaging.',
  );
  const garden = await createNote(page, 'Garden');
  await typeInEditor(page, 'Plant the tomatoes in May and water them every evening.');
  await expectSyncState(page, 'synced');
  await openSearch(page);
  await expectFirstHit(page, 'tomatoes', garden);
  await page.keyboard.press('Escape');

  await goOffline(context);
  await page.reload();
  await expectSyncState(page, 'offline');
  await openSearch(page);
  await expectFirstHit(page, 'how long do buyers have to send back a purchase', refunds);
  await expect(results(page).first()).toContainText('Refund policy');
  await expect(page.getByTestId('search-error')).toHaveCount(0);
  expect(violations).toEqual([]);

  await goOnline(context);
  await context.close();
});
