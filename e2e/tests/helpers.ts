import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';

/** A person in a browser of their own (alice, bob): one context, one page. */
export interface Person {
  readonly context: BrowserContext;
  readonly page: Page;
}

/** Opens a fresh browser context, so each person has their own IndexedDB and service worker. */
export async function openPerson(browser: Browser, path = '/'): Promise<Person> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

/** Waits until the service worker controls the page, i.e. the app shell is cached for offline use. */
export async function waitForOfflineReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve()));
  });
}

/** Creates a note and returns its id (read from the URL the app navigates to). */
export async function createNote(page: Page): Promise<string> {
  await page.getByTestId('new-note').click();
  await expect(page).toHaveURL(/[?&]note=[A-Za-z0-9_-]{16,64}/);
  const docId = new URL(page.url()).searchParams.get('note');
  if (!docId) throw new Error('the app did not put the new note in the URL');
  await expect(editor(page)).toBeVisible();
  return docId;
}

/** The contenteditable of the open note. */
export function editor(page: Page) {
  return page.getByTestId('editor').locator('.ProseMirror');
}

/** Asserts the sync indicator shows `state`. */
export async function expectSyncState(page: Page, state: 'offline' | 'syncing' | 'synced'): Promise<void> {
  await expect(page.getByTestId('sync-state')).toHaveAttribute('data-state', state);
}

/** The number of local changes the indicator says are not yet on the relay. */
export async function pendingCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('pending-count').textContent());
}
