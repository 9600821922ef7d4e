import { API } from '@baalda/core/api';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  createNote,
  emptyVault,
  expectSyncState,
  openPerson,
  type Person,
  typeInEditor,
  waitForOfflineReady,
} from './helpers';
import { goOffline, goOnline } from './network';
import { relayApi, succeed } from './relayClient';
import { expect, test } from './relayFixture';
import { expectFirstHit, openSearch, results } from './searchPalette';
import { waitForSemanticFilesCached } from './semanticFiles';

test.beforeEach(async ({ request }) => emptyVault(request));

// Notes that share no word with the paraphrased questions below.
const NOTES = {
  refunds: [
    'Refund policy',
    'Refund window: 30 days from delivery. Items must be unused and in their original packaging.',
  ],
  wifi: ['Office wifi', 'The office wifi password changed on Monday. Ask reception for the new code.'],
  planning: [
    'Quarterly planning',
    'Goals for the next quarter: hire two engineers, ship the mobile app, reduce churn.',
  ],
  recipes: ['Recipes', 'Lentil soup with cumin, carrots and a squeeze of lemon.'],
  onboarding: ['Onboarding', 'New hires get a laptop, a badge and a mentor during their first week.'],
  garden: ['Garden', 'Plant the tomatoes in May and water them every evening.'],
} as const;
type NoteKey = keyof typeof NOTES;

const REFUND_PARAPHRASE = 'how long do buyers have to send back a purchase';

/** alice writes every note of NOTES in her browser and waits until all of it reached the relay. */
async function writeNotes(page: Page): Promise<Record<NoteKey, string>> {
  const ids: Partial<Record<NoteKey, string>> = {};
  for (const [key, [title, text]] of Object.entries(NOTES)) {
    ids[key as NoteKey] = await createNote(page, title);
    await typeInEditor(page, text);
  }
  await expectSyncState(page, 'synced');
  return ids as Record<NoteKey, string>;
}

/** The relay's hits for `query`, best first, as many as the palette asks for. */
async function relayOrder(request: APIRequestContext, query: string): Promise<string[]> {
  const input = { params: { vaultId: 'default' }, query: { q: query, limit: 20 } };
  return (await succeed(relayApi(request), API.search, input)).results.map((hit) => hit.docId);
}

/** The relay computes vectors in the background: waits until it finds the refund note by its paraphrase. */
async function waitForRelayMeaning(request: APIRequestContext, refunds: string): Promise<void> {
  await expect.poll(async () => (await relayOrder(request, REFUND_PARAPHRASE))[0], { timeout: 60_000 }).toBe(refunds);
}

/** The palette's hits for `query`, best first, once it has answered. */
async function paletteOrder(page: Page, query: string): Promise<string[]> {
  const input = page.getByTestId('search-input');
  await input.fill('');
  await input.fill(query);
  await expect(results(page).or(page.getByTestId('search-empty')).first()).toBeVisible({ timeout: 2000 });
  return results(page).evaluateAll((hits) => hits.map((hit) => hit.getAttribute('data-doc-id') ?? ''));
}

async function openWithEncoderFiles(browser: Parameters<typeof openPerson>[0]): Promise<Person> {
  const alice = await openPerson(browser);
  await waitForOfflineReady(alice.page);
  await waitForSemanticFilesCached(alice.page);
  return alice;
}

test('[HYB1, SEMW5] offline, this device ranks plain and paraphrased queries in the relay’s order', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const alice = await openWithEncoderFiles(browser);
  const { page } = alice;
  const ids = await writeNotes(page);
  await waitForRelayMeaning(request, ids.refunds);

  await goOffline(alice.context);
  await expectSyncState(page, 'offline');
  await openSearch(page);
  // The paraphrase first: words alone can't find its note, so once it agrees this device ranks by meaning.
  const queries = [
    REFUND_PARAPHRASE,
    'wifi password',
    'lentil soup',
    'tomatoes in May',
    'what does a new colleague get on day one',
    'where do vegetables grow',
    'hire engineers next quarter',
  ];
  for (const query of queries) {
    // The relay may still be embedding a note's last edit, and this device its notes: both are asked again.
    await expect(async () => {
      const expected = await relayOrder(request, query);
      expect(await paletteOrder(page, query)).toEqual(expected);
    }).toPass({ timeout: 30_000 });
  }
  await expect(page.getByTestId('search-offline')).toBeVisible();

  await goOnline(alice.context);
  await alice.context.close();
});

test('[HYB4, SEMW1, SEMW2] offline after a reload, the palette finds a note by a question that shares none of its words', async ({
  browser,
}) => {
  const alice = await openWithEncoderFiles(browser);
  const { page } = alice;
  const ids = await writeNotes(page);

  await goOffline(alice.context);
  await page.reload();
  await expectSyncState(page, 'offline');
  await openSearch(page);
  // The model comes from the service worker's cache, the notes' text from IndexedDB.
  await expectFirstHit(page, REFUND_PARAPHRASE, ids.refunds);
  await expect(results(page).first()).toContainText('Refund policy');
  await expect(page.getByTestId('search-offline')).toBeVisible();
  await expect(page.getByTestId('search-error')).toHaveCount(0);
  // Words still find what they name.
  await expectFirstHit(page, 'lentil soup', ids.recipes);

  await goOnline(alice.context);
  await alice.context.close();
});
