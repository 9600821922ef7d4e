import { createNote, emptyVault, expectTreeSynced, openPerson, relayPaths, renameRow, treeNote } from './helpers';
import { goOffline, goOnline } from './network';
import { expect, test } from './relayFixture';

test.beforeEach(async ({ request }) => emptyVault(request));

test('[CN4, PATH2, PATH5] a taken or invalid name is refused with its message, and nothing is written', async ({
  browser,
  request,
}) => {
  const alice = await openPerson(browser);
  const { page } = alice;
  const alpha = await createNote(page, 'Alpha');
  const beta = await createNote(page, 'Beta');
  await expectTreeSynced(page);
  expect(await relayPaths(request)).toEqual(['Alpha.md', 'Beta.md']);

  const attempts = [
    { name: 'alpha', message: /^"Alpha\.md" already exists; choose another name\./ },
    { name: 'a/../b', message: /^PATH2: / },
    { name: 'bad:name', message: /^PATH5: / },
  ];
  for (const { name, message } of attempts) {
    await renameRow(page, treeNote(page, beta), name);
    await expect(page.getByTestId('tree-error')).toHaveText(message);
    // The field stays open to fix the name; Escape gives up and clears the message.
    await expect(page.getByTestId('rename-input')).toBeFocused();
    await page.getByTestId('rename-input').press('Escape');
    await expect(page.getByTestId('rename-input')).toHaveCount(0);
    await expect(page.getByTestId('tree-error')).toHaveCount(0);
  }

  await expect(treeNote(page, alpha)).toHaveAttribute('data-path', 'Alpha.md');
  await expect(treeNote(page, beta)).toHaveAttribute('data-path', 'Beta.md');
  await expect(page.getByTestId('pending-ops')).toHaveAttribute('data-count', '0');
  expect(await relayPaths(request)).toEqual(['Alpha.md', 'Beta.md']);

  // Dismissing the message leaves the field, which gives up on the refused name.
  await renameRow(page, treeNote(page, beta), 'bad:name');
  await page.getByTestId('dismiss-error').click();
  await expect(page.getByTestId('tree-error')).toHaveCount(0);
  await expect(page.getByTestId('rename-input')).toHaveCount(0);
  await expect(treeNote(page, beta)).toHaveAttribute('data-path', 'Beta.md');
  await alice.context.close();
});

test('[CN4] a rename the relay refuses (bob renamed offline onto a name alice took) is undone for bob, with the reason', async ({
  browser,
  request,
}) => {
  const alice = await openPerson(browser);
  const plan = await createNote(alice.page, 'Plan');
  await expectTreeSynced(alice.page);
  const bob = await openPerson(browser, 'bob');
  await expect(treeNote(bob.page, plan)).toHaveAttribute('data-path', 'Plan.md');

  await goOffline(bob.context);
  await renameRow(bob.page, treeNote(bob.page, plan), 'Roadmap');
  // Offline, bob's own tree shows his rename at once.
  await expect(treeNote(bob.page, plan)).toHaveAttribute('data-path', 'Roadmap.md');
  const roadmap = await createNote(alice.page, 'Roadmap');
  await expectTreeSynced(alice.page);

  await goOnline(bob.context);
  await expectTreeSynced(bob.page);
  await expect(bob.page.getByTestId('tree-error')).toContainText(
    'Renaming or moving “Roadmap” was undone: "Roadmap.md" already exists; choose another name.',
  );
  await expect(treeNote(bob.page, plan)).toHaveAttribute('data-path', 'Plan.md');
  await expect(treeNote(bob.page, roadmap)).toHaveAttribute('data-path', 'Roadmap.md');
  expect(await relayPaths(request)).toEqual(['Plan.md', 'Roadmap.md']);

  await alice.context.close();
  await bob.context.close();
});
