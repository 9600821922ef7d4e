import {
  createNote,
  editor,
  emptyVault,
  expectSyncState,
  expectTreeSynced,
  openFromTree,
  openPerson,
  type Person,
  todayUtc,
  treeNoteAt,
  typeInEditor,
} from './helpers';
import { goOffline, goOnline } from './network';
import { expect, test } from './relayFixture';

test.beforeEach(async ({ request }) => emptyVault(request));

for (const first of ['alice', 'bob'] as const) {
  const second: 'alice' | 'bob' = first === 'alice' ? 'bob' : 'alice';
  test(`[CN1, CN2] alice and bob both create Ideas.md offline; ${first} reconnects first, so ${second}'s is renamed`, async ({
    browser,
  }) => {
    const people: Record<'alice' | 'bob', Person> = {
      alice: await openPerson(browser),
      bob: await openPerson(browser, 'bob'),
    };
    const docIds: Record<string, string> = {};
    for (const name of ['alice', 'bob'] as const) {
      const { context, page } = people[name];
      await expectSyncState(page, 'synced');
      await goOffline(context);
      docIds[name] = await createNote(page, 'Ideas');
      await typeInEditor(page, `${name} wrote this offline.`);
      await expect(treeNoteAt(page, 'Ideas.md')).toHaveAttribute('data-doc-id', docIds[name] ?? '');
      await expect(page.getByTestId('pending-ops')).toHaveAttribute('data-count', '1');
    }

    for (const name of [first, second]) {
      const { context, page } = people[name];
      await goOnline(context);
      await expectTreeSynced(page);
      await expectSyncState(page, 'synced');
    }

    const renamed = `Ideas (conflict ${todayUtc()}).md`;
    for (const { page } of Object.values(people)) {
      const kept = treeNoteAt(page, 'Ideas.md');
      const conflict = treeNoteAt(page, renamed);
      await expect(kept).toHaveAttribute('data-doc-id', docIds[first] ?? '');
      await expect(kept).toHaveAttribute('data-conflict', 'false');
      await expect(conflict).toHaveAttribute('data-doc-id', docIds[second] ?? '');
      await expect(conflict).toHaveAttribute('data-conflict', 'true');
      await expect(conflict.getByTestId('conflict-marker')).toBeVisible();
      await expect(kept.getByTestId('conflict-marker')).toHaveCount(0);

      await openFromTree(page, docIds[first] ?? '');
      await expect(editor(page)).toHaveText(`${first} wrote this offline.`);
      await expect(page.getByTestId('note-title')).toHaveText('Ideas');
      await openFromTree(page, docIds[second] ?? '');
      await expect(editor(page)).toHaveText(`${second} wrote this offline.`);
      await expect(page.getByTestId('note-title')).toHaveText(`Ideas (conflict ${todayUtc()})`);
    }

    await people.alice.context.close();
    await people.bob.context.close();
  });
}
