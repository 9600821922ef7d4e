import { API } from '@baalda/core/api';
import { createNote, editor, emptyVault, expectSyncState, expectTreeSynced, openPerson } from './helpers';
import { relayApi } from './relayClient';
import { type APIRequestContext, expect, type Page, test } from './relayFixture';

test.beforeEach(async ({ request }) => emptyVault(request));

// Six lines, 350-odd characters: deleting all but the first keeps under half and removes over 200 (VC2).
const MINUTES = [
  'Minutes of the Tuesday planning meeting',
  'Alice drafts the budget for the spring fair and shares it by Friday.',
  'Bob books the community hall for the first weekend of April.',
  'Carol asks the bakery for a quote on three hundred cupcakes.',
  'Everyone reviews the volunteer rota before the next meeting.',
  'The next meeting is on Tuesday at seven, in the library.',
];

/** The note's text as people read it, one block per line (toHaveText collapses the line breaks to spaces). */
function expectNoteText(page: Page, lines: readonly string[]) {
  return expect(editor(page)).toHaveText(lines.join('\n'), { useInnerText: true, timeout: 15_000 });
}

/**
 * Waits until the relay has stored the note with `word` in it. It indexes a note in the same store cycle
 * that keeps its text (up to 2 s after the edit reached it), so a search hit means the text the relay
 * compares the next edit with is the whole note, not a half-typed one.
 */
async function expectRelayStored(request: APIRequestContext, docId: string, word: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const input = { params: { vaultId: 'default' }, query: { q: word } };
        const found = await relayApi(request).call(API.search, input);
        return found.ok && found.answer.results.some((hit) => hit.docId === docId);
      },
      { timeout: 15_000, message: `the relay stores the note with “${word}”` },
    )
    .toBe(true);
}

/** Reads the history again until an entry taken for `reason` is listed; the relay takes it in its store cycle. */
async function expectVersionListed(page: Page, reason: string) {
  const item = page.locator(`[data-testid="history-item"][data-reason="${reason}"]`);
  await expect(async () => {
    await page.getByTestId('history-refresh').click();
    await expect(item.first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  return item.first();
}

test('[VC2, VC6] alice deletes most of a note, restores the version from before it, and bob sees it come back live', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const alice = await openPerson(browser);
  const docId = await createNote(alice.page, 'Fair planning');
  for (const [index, line] of MINUTES.entries()) {
    if (index > 0) await alice.page.keyboard.press('Enter');
    // One input per line: what is tested is the relay's reaction to the deletion, not typing speed.
    await alice.page.keyboard.insertText(line);
  }
  await expectSyncState(alice.page, 'synced');
  await expectTreeSynced(alice.page);
  // Each line arrives whole (insertText), and only the last one says "library".
  await expectRelayStored(request, docId, 'library');

  const bob = await openPerson(browser, 'bob', `/?note=${docId}`);
  await expectNoteText(bob.page, MINUTES);

  // Keep the first line, select from its end to the end of the note, delete.
  await editor(alice.page).locator('p').first().click();
  await alice.page.keyboard.press('End');
  await alice.page.keyboard.press('Shift+ControlOrMeta+End');
  await alice.page.keyboard.press('Backspace');
  await expectNoteText(alice.page, MINUTES.slice(0, 1));
  await expectSyncState(alice.page, 'synced');
  await expectNoteText(bob.page, MINUTES.slice(0, 1));

  await alice.page.getByTestId('history-button').click();
  const panel = alice.page.getByTestId('history-panel');
  await expect(panel).toBeVisible();
  const beforeDeletion = await expectVersionListed(alice.page, 'before-destructive-edit');
  await expect(beforeDeletion).toContainText('Before a large deletion');
  await beforeDeletion.click();
  const diff = panel.getByTestId('history-diff');
  await expect(diff).toContainText('three hundred cupcakes');
  await expect(diff.locator('del')).toContainText('−');

  await panel.getByTestId('history-restore').click();
  await panel.getByTestId('history-restore-confirm').click();
  await expect(panel.getByTestId('history-status')).toContainText('Restored the version');
  // The relay applied the restore as an edit of the live note: both editors follow without a reload.
  await expectNoteText(bob.page, MINUTES);
  await expectNoteText(alice.page, MINUTES);
  await expect(panel.locator('[data-testid="history-item"][data-reason="before-restore"]')).toHaveCount(1);
  await expect(panel.getByTestId('history-no-changes')).toBeVisible();

  await alice.context.close();
  await bob.context.close();
});
