import { ensureAccount, liftRestriction, restrictFolder, setRole } from './accounts';
import {
  chooseFromSlashMenu,
  createNote,
  editor,
  emptyVault,
  expectSyncState,
  openFromTree,
  openPerson,
  renameRow,
  treeNote,
  treeNoteAt,
  waitForOfflineReady,
} from './helpers';
import { goOffline, goOnline } from './network';
import { expect, type Page, test } from './relayFixture';
import { createNotesOverApi, readNotesOverMcp, readOnlyToken, updateNoteOverMcp } from './relayNotes';

// Links between notes as a team uses them: picked with `[[`, typed whole, followed through a rename, kept
// offline, read by an assistant as Obsidian writes them, and counted as backlinks only where the reader may look.

test.slow();

test.beforeEach(async ({ request }) => {
  await liftRestriction(request, 'Private');
  await emptyVault(request);
  await setRole(request, 'alice', 'owner');
  await ensureAccount(request, 'bob');
  await setRole(request, 'bob', 'editor');
});

test.afterEach(async ({ request }) => liftRestriction(request, 'Private'));

function noteLinks(page: Page) {
  return editor(page).locator('a.note-link');
}

function backlinkTitles(page: Page) {
  return page.getByTestId('backlinks').locator('li a');
}

test('[LINK1–LINK6, LNK3, BL2] a link picked with [[ follows a rename, works offline, and bob never counts a private backlink', async ({
  browser,
  request,
}) => {
  const [roadmap = '', secret = ''] = await createNotesOverApi(request, ['Roadmap.md', 'Private/Secret plan.md']);
  await restrictFolder(request, 'Private', ['alice']);
  await updateNoteOverMcp(request, secret, 'Cut half of [[Roadmap]].');
  await updateNoteOverMcp(request, roadmap, 'Where we go.\n\n## Goals\n\nShip the editor.\n');

  const alice = await openPerson(browser);
  await waitForOfflineReady(alice.page);
  const weekly = await createNote(alice.page, 'Weekly');
  await alice.page.keyboard.type('Agenda: [[Road');
  const picker = alice.page.getByTestId('note-link-picker');
  await expect(picker.getByRole('option').first()).toContainText('Roadmap');
  await alice.page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  // The slash menu's "Link to note" opens the same picker.
  await alice.page.keyboard.type('and ');
  await chooseFromSlashMenu(alice.page, 'link', 'Link to note');
  await expect(picker).toBeVisible();
  await alice.page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await alice.page.keyboard.press('Backspace');
  await alice.page.keyboard.press('Backspace');
  await alice.page.keyboard.type('[[Budget]]');
  await expect(noteLinks(alice.page)).toHaveText(['Roadmap', 'Budget']);
  await expect(noteLinks(alice.page).nth(1)).toHaveClass(/note-link--unresolved/);
  await expectSyncState(alice.page, 'synced');
  const token = await readOnlyToken(request);
  const markdownOf = async (docId: string) => (await readNotesOverMcp(request, token, [docId])).get(docId);
  await expect.poll(() => markdownOf(weekly)).toBe('Agenda: [[Roadmap]] and [[Budget]]\n');

  // A rename shows in the link at once and in the assistant's Markdown; the link still opens the note.
  await renameRow(alice.page, treeNote(alice.page, roadmap), 'Q3 Roadmap');
  await openFromTree(alice.page, weekly);
  await expect(noteLinks(alice.page).first()).toHaveText('Q3 Roadmap');
  await expect.poll(() => markdownOf(weekly)).toBe('Agenda: [[Q3 Roadmap]] and [[Budget]]\n');
  await noteLinks(alice.page).first().click();
  await expect(alice.page).toHaveURL(new RegExp(`note=${roadmap}`));
  await expect(backlinkTitles(alice.page)).toHaveText(['Secret plan', 'Weekly']);
  await expect(alice.page.getByTestId('backlinks-count')).toHaveText('2');

  // bob sees the link by its new title and one backlink: the private note is neither listed nor counted.
  const bob = await openPerson(browser, 'bob', `/?note=${roadmap}`);
  await expect(backlinkTitles(bob.page)).toHaveText(['Weekly']);
  await expect(bob.page.getByTestId('backlinks-count')).toHaveText('1');
  await expect(bob.page.getByTestId('backlinks')).not.toContainText('Secret');
  await backlinkTitles(bob.page).first().click();
  await expect(noteLinks(bob.page)).toHaveText(['Q3 Roadmap', 'Budget']);

  // Offline after a reload: the backlinks kept on the device, the link by its title, and a click on the
  // unresolved link makes its note.
  await goOffline(alice.context);
  await alice.page.reload();
  await expect(backlinkTitles(alice.page)).toHaveText(['Secret plan', 'Weekly']);
  await backlinkTitles(alice.page).nth(1).click();
  await expect(noteLinks(alice.page)).toHaveText(['Q3 Roadmap', 'Budget']);
  await noteLinks(alice.page).nth(1).click();
  await expect(treeNoteAt(alice.page, 'Budget.md')).toBeVisible();
  const budget = new URL(alice.page.url()).searchParams.get('note');
  expect(budget).not.toBe(weekly);
  await goOnline(alice.context);
  await expect(noteLinks(bob.page).nth(1)).not.toHaveClass(/note-link--unresolved/);
  await expect.poll(() => markdownOf(weekly)).toBe('Agenda: [[Q3 Roadmap]] and [[Budget]]\n');

  // A link to a heading shows it after the title, and opens the note there.
  await openFromTree(alice.page, weekly);
  await editor(alice.page).click();
  await alice.page.keyboard.press('ControlOrMeta+End');
  await alice.page.keyboard.type(' [[Q3 Roadmap#Goals]]');
  await expect(noteLinks(alice.page).nth(2)).toHaveText('Q3 Roadmap › Goals');
  await noteLinks(alice.page).nth(2).click();
  await expect(alice.page).toHaveURL(new RegExp(`note=${roadmap}`));
  await expect.poll(() => alice.page.evaluate(() => window.getSelection()?.anchorNode?.textContent)).toBe('Goals');

  await alice.context.close();
  await bob.context.close();
});
