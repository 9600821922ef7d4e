import { randomBytes } from 'node:crypto';
import { ensureAccount, liftRestriction, setRole } from './accounts';
import {
  createNote,
  editor,
  emptyVault,
  expectSyncState,
  expectTreeSynced,
  openFromTree,
  openPerson,
  type Person,
  treeFolder,
  treeNote,
  typeInEditor,
} from './helpers';
import { expect, type Page, test } from './relayFixture';

// A private folder is absent for everyone outside it — tree, search, links.

const FOLDER = 'Private';

// Two people, three sign-ins and a wait for the search index: more than the default minute on a slow machine.
test.slow();

test.beforeEach(async ({ request }) => {
  // Lifted before emptying: a restriction left by another run of this spec survives its folder's trash.
  await liftRestriction(request, FOLDER);
  await emptyVault(request);
  await setRole(request, 'alice', 'owner');
  await ensureAccount(request, 'bob');
  await setRole(request, 'bob', 'editor');
});

test.afterEach(async ({ request }) => liftRestriction(request, FOLDER));

interface Notes {
  /** Private/Plans.md, holding `phrase`. */
  readonly plans: string;
  /** Roadmap.md at the root, public, holding `publicWord`. */
  readonly roadmap: string;
  readonly phrase: string;
  readonly publicWord: string;
}

/** alice writes a public note, then `Private/Plans.md` with a phrase no other note of the run holds. */
async function writeNotes(page: Page): Promise<Notes> {
  const unique = randomBytes(4).toString('hex');
  const phrase = `zanzibar${unique}`;
  const publicWord = `beacon${unique}`;
  const roadmap = await createNote(page, 'Roadmap');
  await typeInEditor(page, `See ${publicWord}.`);
  await page.getByTestId('new-folder').click();
  await page.getByTestId('rename-input').fill(FOLDER);
  await page.getByTestId('rename-input').press('Enter');
  await expect(treeFolder(page, FOLDER)).toBeVisible();
  // A click on the folder picks it for new items.
  await treeFolder(page, FOLDER).getByRole('button', { name: FOLDER, exact: true }).click();
  const plans = await createNote(page, 'Plans');
  await expect(treeNote(page, plans)).toHaveAttribute('data-path', `${FOLDER}/Plans.md`);
  await typeInEditor(page, `Meet at ${phrase}.`);
  await expectSyncState(page, 'synced');
  await expectTreeSynced(page);
  return { plans, roadmap, phrase, publicWord };
}

/** Opens the folder's ⋯ menu → privacy item; returns the dialog. */
async function openPrivacy(page: Page, label: 'Make private…' | 'Who can see this…') {
  const row = treeFolder(page, FOLDER);
  await row.hover();
  await row.getByTestId('item-menu').click();
  await expect(page.getByTestId('folder-privacy-item')).toHaveText(label);
  await page.getByTestId('folder-privacy-item').click();
  const dialog = page.getByTestId('folder-privacy');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** alice makes the folder private to herself alone, through its ⋯ menu; the lock shows on its row. */
async function makePrivateToAlice(page: Page): Promise<void> {
  const dialog = await openPrivacy(page, 'Make private…');
  await expect(dialog.getByTestId('privacy-state')).toHaveAttribute('data-private', 'false');
  // Only alice is ticked when a folder is not yet private, and she can't untick herself.
  await expect(dialog.getByRole('checkbox', { name: /^alice/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /^alice/ })).toBeDisabled();
  await expect(dialog.getByRole('checkbox', { name: 'bob', exact: true })).not.toBeChecked();
  await dialog.getByTestId('make-private').click();
  await expect(dialog.getByTestId('privacy-state')).toHaveAttribute('data-private', 'true');
  await expect(dialog.getByTestId('privacy-state')).toContainText('only the person ticked below');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(treeFolder(page, FOLDER).getByTestId('private-folder-mark')).toBeVisible();
}

/** Ticks or unticks bob in the privacy dialog and saves. */
async function setBobInFolder(page: Page, inside: boolean): Promise<void> {
  const dialog = await openPrivacy(page, 'Who can see this…');
  const bob = dialog.getByRole('checkbox', { name: 'bob', exact: true });
  await bob.setChecked(inside);
  await dialog.getByTestId('privacy-save').click();
  await expect(dialog.getByTestId('privacy-state')).toContainText(
    inside ? 'only the 2 people ticked below' : 'only the person ticked below',
  );
  await expect(dialog.getByTestId('privacy-save')).toBeDisabled();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
}

/** bob's sidebar once his tree has loaded (the public note is in it): nothing of the folder anywhere. */
async function expectFolderHidden(page: Page, notes: Notes): Promise<void> {
  await expect(treeNote(page, notes.roadmap)).toHaveAttribute('data-path', 'Roadmap.md');
  await expect(treeFolder(page, FOLDER)).toHaveCount(0);
  await expect(treeNote(page, notes.plans)).toHaveCount(0);
  const sidebar = page.locator('aside');
  await expect(sidebar).not.toContainText(FOLDER);
  await expect(sidebar).not.toContainText('Plans');
}

/** Searches from a fresh palette (so no earlier answer is on screen) and waits for the relay's answer. */
async function search(page: Page, query: string) {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('search-palette')).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+k');
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.getByTestId('search-input').fill(query);
  const results = page.getByTestId('search-result');
  await expect(page.getByTestId('search-empty').or(results.first())).toBeVisible();
  await expect(page.getByTestId('search-offline')).toHaveCount(0);
  return results;
}

/** Retypes `query` until `docId` is among the hits (the relay indexes a note up to 2 s after its edit). */
async function expectFound(page: Page, query: string, docId: string): Promise<void> {
  await expect(async () => {
    const results = await search(page, query);
    await expect(results.and(page.locator(`[data-doc-id="${docId}"]`))).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/** This device's IndexedDB databases holding `docId`'s text (one per user and vault, see localNames). */
function localCopiesOf(page: Page, docId: string): Promise<string[]> {
  return page.evaluate(
    async (id) =>
      (await indexedDB.databases()).map((database) => database.name ?? '').filter((name) => name.includes(id)),
    docId,
  );
}

/**
 * Opens a link straight to a note the person may not read: the calm "isn't available" message, and nothing
 * of the note — no editor, text, title or breadcrumb — at any moment, nor left on the device.
 */
async function expectUnavailable(page: Page, notes: Notes): Promise<void> {
  // Watches every change of the page from its first paint: the note's text must not flash from the device's
  // copy before the relay's refusal arrives.
  await page.addInitScript((phrase) => {
    new MutationObserver(() => {
      if (document.body?.textContent?.includes(phrase)) sessionStorage.setItem('sawPhrase', 'yes');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, notes.phrase);
  await page.goto(`/?vault=default&note=${notes.plans}`);
  await expect(treeNote(page, notes.roadmap)).toBeVisible();
  await expect(page.getByTestId('note-unavailable')).toContainText('This note isn’t available');
  await expect(page.getByTestId('note-unavailable')).toContainText('private folder you’re not a member of');
  for (let look = 0; look < 4; look += 1) {
    await expect(page.locator('body')).not.toContainText(notes.phrase);
    await expect(page.locator('body')).not.toContainText('Plans');
    await expect(page.getByTestId('note-title')).toHaveCount(0);
    await expect(page).not.toHaveTitle(/Plans/);
    await expect(page.getByTestId('editor')).toHaveCount(0);
    await expect(page.getByTestId('note-unavailable')).toBeVisible();
    await page.waitForTimeout(500);
  }
  // Not stuck on "Syncing…" for a note that can never sync.
  await expectSyncState(page, 'synced');
  await expect.poll(() => localCopiesOf(page, notes.plans)).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.getItem('sawPhrase'))).toBeNull();
}

async function closePeople(...people: Person[]): Promise<void> {
  for (const person of people) await person.context.close();
}

test('[ACL2, ACL5] a folder alice makes private is absent from bob’s tree, search and links', async ({ browser }) => {
  const alice = await openPerson(browser, 'alice');
  const notes = await writeNotes(alice.page);
  await makePrivateToAlice(alice.page);
  // alice still finds her own note, so the index holds it and bob's empty answers below mean something.
  await expectFound(alice.page, notes.phrase, notes.plans);

  const bob = await openPerson(browser, 'bob');
  await expect(bob.page.getByTestId('vault-role')).toHaveAttribute('data-role', 'editor');
  await expectFolderHidden(bob.page, notes);

  await expectFound(bob.page, notes.publicWord, notes.roadmap);
  for (const query of [notes.phrase, 'Plans', FOLDER]) {
    const results = await search(bob.page, query);
    await expect(results.and(bob.page.locator(`[data-doc-id="${notes.plans}"]`))).toHaveCount(0);
    await expect(bob.page.getByTestId('search-palette')).not.toContainText(notes.phrase);
    await expect(bob.page.getByTestId('search-palette')).not.toContainText('Plans');
  }
  await bob.page.keyboard.press('Escape');

  // A link straight to the note opens nothing of it: no title, no breadcrumb, no text, ever; and no empty
  // editor either (regression: one showed, stuck on "Syncing…", keeping whatever bob typed pending forever).
  await expectUnavailable(bob.page, notes);
  await expectFolderHidden(bob.page, notes);

  await closePeople(alice, bob);
});

test('[ACL2, ACL6] alice lets bob into her private folder, then takes him out again', async ({ browser }) => {
  const alice = await openPerson(browser, 'alice');
  const notes = await writeNotes(alice.page);
  await makePrivateToAlice(alice.page);
  const bob = await openPerson(browser, 'bob');
  await expectFolderHidden(bob.page, notes);

  await setBobInFolder(alice.page, true);
  await expect(treeFolder(alice.page, FOLDER).getByTestId('private-folder-mark')).toBeVisible();
  // The relay doesn't announce a change of who sees a folder to open trees, so bob refreshes.
  await bob.page.reload();
  await expect(treeNote(bob.page, notes.plans)).toHaveAttribute('data-path', `${FOLDER}/Plans.md`);
  await expect(treeFolder(bob.page, FOLDER).getByTestId('private-folder-mark')).toBeVisible();
  await openFromTree(bob.page, notes.plans);
  await expect(editor(bob.page)).toContainText(notes.phrase);
  await expectFound(bob.page, notes.phrase, notes.plans);
  await bob.page.keyboard.press('Escape');
  await bob.page.goto('/?vault=default');
  await expect(treeNote(bob.page, notes.plans)).toBeVisible();

  // bob read the note on this device, so its text is stored here too.
  expect(await localCopiesOf(bob.page, notes.plans)).toHaveLength(1);

  await setBobInFolder(alice.page, false);
  await bob.page.reload();
  await expectFolderHidden(bob.page, notes);
  await expect(treeFolder(alice.page, FOLDER).getByTestId('private-folder-mark')).toBeVisible();
  await expect(treeNote(alice.page, notes.plans)).toBeVisible();

  // His old link shows the message, not his device's copy (regression: the local copy stayed readable and
  // editable); the copy is removed from the device.
  await expectUnavailable(bob.page, notes);
  await expectFolderHidden(bob.page, notes);
  // alice, in the folder, still reads it.
  await openFromTree(alice.page, notes.plans);
  await expect(editor(alice.page)).toContainText(notes.phrase);

  await closePeople(alice, bob);
});
