import { caretToNoteStart, createNote, editor, emptyVault, expectSyncState, openPerson } from './helpers';
import { goOffline, goOnline } from './network';
import { expect, test } from './relayFixture';

test.beforeEach(async ({ request }) => emptyVault(request));

test('[SYNC4] alice and bob edit the same paragraph, bob offline: both end with the same text and every keystroke', async ({
  browser,
}) => {
  const alice = await openPerson(browser);
  const docId = await createNote(alice.page);
  await editor(alice.page).click();
  await alice.page.keyboard.type('The quick fox jumps.');
  await expectSyncState(alice.page, 'synced');

  const bob = await openPerson(browser, 'bob', `/?note=${docId}`);
  await expect(editor(bob.page)).toHaveText('The quick fox jumps.');
  await goOffline(bob.context);
  await expectSyncState(bob.page, 'offline');

  // Same paragraph, different places, at the same time: alice at the end, bob at the start.
  await editor(alice.page).click();
  await alice.page.keyboard.press('End');
  const aliceTyping = alice.page.keyboard.type(' Alice adds 12345.', { delay: 15 });
  await caretToNoteStart(bob.page);
  const bobTyping = bob.page.keyboard.type('Bob adds 67890. ', { delay: 15 });
  await Promise.all([aliceTyping, bobTyping]);

  await goOnline(bob.context);
  await expectSyncState(bob.page, 'synced');
  await expectSyncState(alice.page, 'synced');
  const expected = 'Bob adds 67890. The quick fox jumps. Alice adds 12345.';
  await expect(editor(alice.page)).toHaveText(expected);
  await expect(editor(bob.page)).toHaveText(expected);

  await alice.context.close();
  await bob.context.close();
});
