import { expect, test } from '@playwright/test';
import { createNote, editor, expectSyncState, openPerson, pendingCount, waitForOfflineReady } from './helpers';

test('[SYNC3] alice reloads offline, keeps editing, and bob sees every edit once she is back online', async ({
  browser,
}) => {
  const alice = await openPerson(browser);
  await waitForOfflineReady(alice.page);
  const docId = await createNote(alice.page);
  await editor(alice.page).click();
  await alice.page.keyboard.type('Refund policy');
  await alice.page.keyboard.press('Enter');
  await alice.page.keyboard.type('Typed while online.');
  await expectSyncState(alice.page, 'synced');

  await alice.context.setOffline(true);
  await alice.page.reload();
  // The shell came from the service worker and the text from IndexedDB: the network is off.
  await expect(editor(alice.page)).toContainText('Typed while online.');
  await expectSyncState(alice.page, 'offline');
  await editor(alice.page).click();
  await alice.page.keyboard.press('ControlOrMeta+End');
  await alice.page.keyboard.press('Enter');
  await alice.page.keyboard.type('Typed while offline.');
  await expect.poll(() => pendingCount(alice.page)).toBeGreaterThan(0);
  await expect(alice.page.getByTestId('note-item').filter({ hasText: 'Refund policy' })).toBeVisible();

  const bob = await openPerson(browser, `/?note=${docId}`);
  await expect(editor(bob.page)).toContainText('Typed while online.');
  await expect(editor(bob.page)).not.toContainText('Typed while offline.');

  await alice.context.setOffline(false);
  await expect(editor(bob.page)).toContainText('Typed while offline.');
  await expectSyncState(alice.page, 'synced');
  expect(await pendingCount(alice.page)).toBe(0);
  await expect(editor(bob.page)).toHaveText(/Refund policy\s*Typed while online\.\s*Typed while offline\./);

  await alice.context.close();
  await bob.context.close();
});
