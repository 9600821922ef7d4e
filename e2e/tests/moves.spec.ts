import {
  createNote,
  editor,
  emptyVault,
  expectSyncState,
  expectTreeSynced,
  openPerson,
  relayPaths,
  renameRow,
  treeFolder,
  treeNote,
  typeInEditor,
} from './helpers';
import { expect, test } from './relayFixture';

test.beforeEach(async ({ request }) => emptyVault(request));

test('[CN4, FD2] alice renames and moves a note into a folder while bob keeps typing in it; his edits follow the note', async ({
  browser,
  request,
}) => {
  const alice = await openPerson(browser);
  const docId = await createNote(alice.page, 'Plan');
  await typeInEditor(alice.page, 'Alice starts the plan.');
  await expectSyncState(alice.page, 'synced');
  await alice.page.getByTestId('new-folder').click();
  await alice.page.getByTestId('rename-input').fill('Projects');
  await alice.page.getByTestId('rename-input').press('Enter');
  await expect(treeFolder(alice.page, 'Projects')).toBeVisible();

  const bob = await openPerson(browser, 'bob', `/?note=${docId}`);
  await expect(editor(bob.page)).toHaveText('Alice starts the plan.');
  await editor(bob.page).click();
  await bob.page.keyboard.press('ControlOrMeta+End');
  const bobText = ' Bob keeps typing while the note is renamed and moved, and not one letter is lost.';
  const bobTyping = bob.page.keyboard.type(bobText, { delay: 40 });

  await renameRow(alice.page, treeNote(alice.page, docId), 'Roadmap');
  await expect(treeNote(alice.page, docId)).toHaveAttribute('data-path', 'Roadmap.md');
  await treeNote(alice.page, docId).dragTo(treeFolder(alice.page, 'Projects'));
  await expect(treeNote(alice.page, docId)).toHaveAttribute('data-path', 'Projects/Roadmap.md');
  await bobTyping;

  await expectTreeSynced(alice.page);
  expect(await relayPaths(request)).toEqual(['Projects/Roadmap.md']);
  const expected = `Alice starts the plan.${bobText}`;
  await expect(treeNote(bob.page, docId)).toHaveAttribute('data-path', 'Projects/Roadmap.md');
  await expect(bob.page).toHaveURL(new RegExp(`note=${docId}`));
  await expect(bob.page.getByTestId('note-title')).toHaveText('Roadmap');
  await expect(bob.page.getByTestId('note-breadcrumb')).toHaveText('Projects');
  await expect(editor(bob.page)).toHaveText(expected);
  await expect(editor(alice.page)).toHaveText(expected);
  await expectSyncState(bob.page, 'synced');

  await alice.context.close();
  await bob.context.close();
});
