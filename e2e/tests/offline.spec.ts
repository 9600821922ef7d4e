import {
  createNote,
  editor,
  emptyVault,
  expectSyncState,
  openPerson,
  pendingCount,
  treeNoteAt,
  waitForOfflineReady,
} from './helpers';
import { goOffline, goOnline } from './network';
import { expect, test } from './relayFixture';

test.beforeEach(async ({ request }) => emptyVault(request));

test('[SYNC3] alice reloads offline, keeps editing, and bob sees every edit once she is back online', async ({
  browser,
}) => {
  const alice = await openPerson(browser);
  await waitForOfflineReady(alice.page);
  const docId = await createNote(alice.page, 'Refund policy');
  await editor(alice.page).click();
  await alice.page.keyboard.type('Typed while online.');
  await expectSyncState(alice.page, 'synced');
  // The note's name travels apart from its text, in the tree's outbox: both must be on the relay before the
  // network goes, or bob rightly sees the name it had before.
  await expect(alice.page.getByTestId('pending-ops')).toHaveAttribute('data-count', '0');

  await goOffline(alice.context);
  await alice.page.reload();
  // The shell came from the service worker, the tree and the text from IndexedDB: the network is off.
  await expect(editor(alice.page)).toContainText('Typed while online.');
  await expect(treeNoteAt(alice.page, 'Refund policy.md')).toHaveAttribute('data-doc-id', docId);
  await expectSyncState(alice.page, 'offline');
  await editor(alice.page).click();
  await alice.page.keyboard.press('ControlOrMeta+End');
  await alice.page.keyboard.press('Enter');
  await alice.page.keyboard.type('Typed while offline.');
  await expect.poll(() => pendingCount(alice.page)).toBeGreaterThan(0);

  const bob = await openPerson(browser, 'bob', `/?note=${docId}`);
  await expect(editor(bob.page)).toContainText('Typed while online.');
  await expect(editor(bob.page)).not.toContainText('Typed while offline.');
  await expect(bob.page.getByTestId('note-title')).toHaveText('Refund policy');

  await goOnline(alice.context);
  await expect(editor(bob.page)).toContainText('Typed while offline.');
  await expectSyncState(alice.page, 'synced');
  expect(await pendingCount(alice.page)).toBe(0);
  await expect(editor(bob.page)).toHaveText(/Typed while online\.\s*Typed while offline\./);

  await alice.context.close();
  await bob.context.close();
});

test('[SYNC3] notes created offline survive a reload and reach bob, with their text, once alice is back', async ({
  browser,
}) => {
  const alice = await openPerson(browser);
  await waitForOfflineReady(alice.page);
  await goOffline(alice.context);
  // The app sends nothing while the page reports no network (SYNC5): wait until it does.
  await expect.poll(() => alice.page.evaluate(() => navigator.onLine)).toBe(false);
  const draft = await createNote(alice.page, 'Draft');
  await alice.page.keyboard.type('Written on a plane.');
  const second = await createNote(alice.page, 'Second');
  await expect(alice.page.getByTestId('pending-ops')).toHaveAttribute('data-count', '2');

  await alice.page.goto('/');
  // Offline, from the service worker and IndexedDB: the tree and both queued creates are still there.
  await expect(treeNoteAt(alice.page, 'Draft.md')).toHaveAttribute('data-doc-id', draft);
  await expect(treeNoteAt(alice.page, 'Second.md')).toHaveAttribute('data-doc-id', second);
  await expect(alice.page.getByTestId('pending-ops')).toHaveAttribute('data-count', '2');

  const bob = await openPerson(browser, 'bob');
  await expect(bob.page.getByTestId('new-note')).toBeVisible();
  await expect(treeNoteAt(bob.page, 'Draft.md')).toHaveCount(0);
  // No note is open on alice's side: the draft's text goes out with the background sync.
  await goOnline(alice.context);
  await expect(alice.page.getByTestId('pending-ops')).toHaveAttribute('data-count', '0');
  await expect(treeNoteAt(bob.page, 'Draft.md')).toHaveAttribute('data-doc-id', draft);
  await treeNoteAt(bob.page, 'Draft.md').getByRole('link').click();
  await expect(editor(bob.page)).toHaveText('Written on a plane.');

  await alice.context.close();
  await bob.context.close();
});
