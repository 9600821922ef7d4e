import {
  createNote,
  editor,
  emptyVault,
  expectSyncState,
  openNoteAnAssistantRewrites,
  openPerson,
  waitForOfflineReady,
} from './helpers';
import { goOffline, goOnline } from './network';
import { expect, type Page, test } from './relayFixture';
import { readNotesOverMcp, readOnlyToken } from './relayNotes';

// Task lists and highlights made as people type them (input rules), kept offline, seen by a colleague,
// and read back by an assistant as the Markdown GFM and Obsidian write (MD8).

test.beforeEach(async ({ request }) => emptyVault(request));

const MARKDOWN = '- [ ] draft the budget\n- [x] book the room\n\nRemember the ==deadline== date.\n';

function tasks(page: Page) {
  return editor(page).locator('ul[data-type="taskList"] > li');
}

async function expectPlan(page: Page): Promise<void> {
  await expect(tasks(page)).toHaveCount(2);
  await expect(tasks(page).nth(0)).toHaveAttribute('data-checked', 'false');
  await expect(tasks(page).nth(0)).toContainText('draft the budget');
  await expect(tasks(page).nth(1)).toHaveAttribute('data-checked', 'true');
  await expect(tasks(page).nth(1)).toContainText('book the room');
  await expect(editor(page).locator('mark')).toHaveText('deadline');
}

test('[MD8] a task list and a highlight typed as Markdown: kept offline, seen by bob, read as Markdown', async ({
  browser,
  request,
}) => {
  const alice = await openPerson(browser);
  await waitForOfflineReady(alice.page);
  const docId = await createNote(alice.page, 'Plan');
  // `- ` makes a bullet, `[ ] ` turns it into a task; Enter makes the next task; Enter on an empty one leaves.
  await alice.page.keyboard.type('- [ ] draft the budget');
  await alice.page.keyboard.press('Enter');
  await alice.page.keyboard.type('book the room');
  await alice.page.keyboard.press('Enter');
  await alice.page.keyboard.press('Enter');
  await alice.page.keyboard.type('Remember the ==deadline== date.');
  await expect(tasks(alice.page)).toHaveCount(2);
  await tasks(alice.page).nth(1).getByRole('checkbox').check();
  await expectPlan(alice.page);
  await expect(editor(alice.page)).not.toContainText('[ ]');
  await expect(editor(alice.page)).not.toContainText('==');
  await expectSyncState(alice.page, 'synced');

  const token = await readOnlyToken(request);
  await expect.poll(async () => (await readNotesOverMcp(request, token, [docId])).get(docId)).toBe(MARKDOWN);

  const bob = await openPerson(browser, 'bob', `/?note=${docId}`);
  await expectPlan(bob.page);

  // Offline, after a reload from the device's copy, alice ticks the first task; bob sees it once she is back.
  await goOffline(alice.context);
  await alice.page.reload();
  await expectPlan(alice.page);
  await expectSyncState(alice.page, 'offline');
  await tasks(alice.page).nth(0).getByRole('checkbox').check();
  await expect(tasks(bob.page).nth(0)).toHaveAttribute('data-checked', 'false');
  await goOnline(alice.context);
  await expect(tasks(bob.page).nth(0)).toHaveAttribute('data-checked', 'true');
  await expect
    .poll(async () => (await readNotesOverMcp(request, token, [docId])).get(docId))
    .toBe(MARKDOWN.replace('- [ ] draft', '- [x] draft'));

  await alice.context.close();
  await bob.context.close();
});

test('[MD8] a note written as Markdown by an assistant opens with its tasks and highlights', async ({
  browser,
  request,
}) => {
  const alice = await openNoteAnAssistantRewrites(browser, request, 'Imported', MARKDOWN);
  await expectPlan(alice.page);
  await alice.context.close();
});
