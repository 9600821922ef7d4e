import { API } from '@baalda/core/api';
import { E2E_PASSWORD, emailOf, ensureAccount, isSignUpOpen, type PersonName, setRole } from './accounts';
import {
  createNote,
  editor,
  expectTreeSynced,
  openPerson,
  treeNote,
  treeNoteAt,
  typeInEditor,
  waitForOfflineReady,
} from './helpers';
import { goOffline, goOnline } from './network';
import { relayApi, succeed } from './relayClient';
import { type Browser, expect, type Page, test } from './relayFixture';

// One relay serves every spec file a worker runs, so these tests make no assumption about which accounts
// exist, except the first: it runs on a relay of its own that nobody signed up on yet.

async function openSignedOut(browser: Browser, baseURL?: string) {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  await page.goto('/');
  return { context, page };
}

async function fillAndSubmit(page: Page, name: PersonName, password = E2E_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(emailOf(name));
  await page.getByLabel(/^Password/).fill(password);
  await page.getByTestId('auth-submit').click();
}

test('the first sign-up on a fresh relay becomes the admin and owns the default vault', async ({
  browser,
  freshRelay,
}) => {
  const { context, page } = await openSignedOut(browser, freshRelay.url);
  expect(await isSignUpOpen(context.request)).toBe(true);
  await expect(page.getByTestId('auth-title')).toHaveText('Create the first account — it becomes the admin');
  await expect(page.getByLabel(/^Password/)).toHaveAttribute('autocomplete', 'new-password');
  await fillAndSubmit(page, 'alice');
  await expect(page.getByTestId('new-note')).toBeVisible();
  await expect(page.getByTestId('account-email')).toHaveText(emailOf('alice'));
  await expect(page.getByTestId('vault-role')).toHaveAttribute('data-role', 'owner');
  const state = await succeed(relayApi(context.request), API.authState, {});
  expect(state.user?.isAdmin).toBe(true);
  expect(await isSignUpOpen(context.request)).toBe(false);
  await context.close();
});

test('a wrong password is refused with a message that says so', async ({ browser, request }) => {
  await ensureAccount(request, 'alice');
  const { context, page } = await openSignedOut(browser);
  await expect(page.getByTestId('auth-title')).toHaveText('Sign in to Baalda');
  await expect(page.getByLabel(/^Password/)).toHaveAttribute('autocomplete', 'current-password');
  await fillAndSubmit(page, 'alice', 'not the password at all');
  await expect(page.getByTestId('auth-error')).toContainText('don’t match');
  await expect(page.getByTestId('new-note')).toHaveCount(0);
  await context.close();
});

test('signing out goes back to sign-in, and a reload stays signed out', async ({ browser }) => {
  const alice = await openPerson(browser, 'alice');
  await alice.page.getByTestId('account-menu').click();
  await alice.page.getByTestId('sign-out').click();
  await expect(alice.page.getByTestId('auth-title')).toHaveText('Sign in to Baalda');
  await alice.page.reload();
  await expect(alice.page.getByTestId('auth-title')).toHaveText('Sign in to Baalda');
  await alice.context.close();
});

test('an offline reload still opens the app for the signed-in user', async ({ browser }) => {
  const alice = await openPerson(browser, 'alice');
  await waitForOfflineReady(alice.page);
  await goOffline(alice.context);
  await expect.poll(() => alice.page.evaluate(() => navigator.onLine)).toBe(false);
  await alice.page.reload();
  await expect(alice.page.getByTestId('new-note')).toBeVisible();
  await expect(alice.page.getByTestId('account-email')).toHaveText(emailOf('alice'));
  await alice.context.close();
});

test('a session the relay ended shows sign-in, keeps alice’s unsent note, and bob never sees it', async ({
  browser,
  request,
}) => {
  await ensureAccount(request, 'bob');
  const alice = await openPerson(browser, 'alice');
  const { page, context } = alice;
  await waitForOfflineReady(page);
  await goOffline(context);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  const draft = await createNote(page, 'Private draft');
  await expect(page.getByTestId('pending-ops')).toHaveAttribute('data-count', '1');

  // The session dies while alice is away: the tree change she sends on reconnecting is answered 401.
  await context.clearCookies();
  await goOnline(context);
  await expect(page.getByTestId('auth-notice')).toContainText('session has ended');

  await fillAndSubmit(page, 'bob');
  await expect(page.getByTestId('account-email')).toHaveText(emailOf('bob'));
  await expect(treeNoteAt(page, 'Private draft.md')).toHaveCount(0);

  await page.getByTestId('account-menu').click();
  await page.getByTestId('sign-out').click();
  await fillAndSubmit(page, 'alice');
  await expect(treeNoteAt(page, 'Private draft.md')).toHaveAttribute('data-doc-id', draft);
  await expectTreeSynced(page);
  await context.close();
});

test('[ACL1] a viewer reads the vault’s notes but can’t change them', async ({ browser, request }) => {
  const alice = await openPerson(browser, 'alice');
  const docId = await createNote(alice.page, 'Read me');
  await typeInEditor(alice.page, 'Only alice writes here.');
  await expectTreeSynced(alice.page);
  await ensureAccount(request, 'carol');
  await setRole(request, 'carol', 'viewer');

  const carol = await openPerson(browser, 'carol', `/?note=${docId}`);
  await expect(carol.page.getByTestId('vault-role')).toHaveAttribute('data-role', 'viewer');
  await expect(editor(carol.page)).toContainText('Only alice writes here.');
  await expect(editor(carol.page)).toHaveAttribute('contenteditable', 'false');
  const newNote = carol.page.getByTestId('new-note');
  await expect(newNote).toHaveAttribute('aria-disabled', 'true');
  await expect(newNote).toHaveAttribute('title', 'Viewers can’t change this vault');
  await expect(treeNote(carol.page, docId).getByTestId('item-menu')).toHaveCount(0);
  await setRole(request, 'carol', 'editor');
  await alice.context.close();
  await carol.context.close();
});
