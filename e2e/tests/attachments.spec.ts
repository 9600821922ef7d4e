import { mkdir, truncate, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { makePdf } from '../../apps/relay/test/attachmentFixtures';
import { emptyVault, openPerson, treeNoteAt, waitForOfflineReady } from './helpers';
import { goOffline, goOnline } from './network';
import { expect, test } from './relayFixture';
import { expectFirstHit, openSearch, results } from './searchPalette';

test.beforeEach(async ({ request }) => emptyVault(request));

const REPORT = makePdf([['Quarterly report'], ['Our pelican logistics costs fell sharply this spring.']]);

test('[ATT8, ATT4, ATT7] alice uploads a PDF offline, reconnects, and bob finds it by a phrase inside it', async ({
  browser,
}) => {
  const alice = await openPerson(browser);
  await waitForOfflineReady(alice.page);
  await goOffline(alice.context);
  await expect.poll(() => alice.page.evaluate(() => navigator.onLine)).toBe(false);
  await alice.page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'Quarterly report.pdf', mimeType: 'application/pdf', buffer: REPORT });
  const queued = alice.page.locator('[data-testid="tree-upload"][data-path="Quarterly report.pdf"]');
  await expect(queued).toHaveAttribute('data-state', 'queued');
  await expect(alice.page.getByTestId('pending-uploads')).toHaveAttribute('data-count', '1');

  // Offline, the queued file survives a reload: it waits in IndexedDB, not in the page.
  await alice.page.reload();
  await expect(queued).toBeVisible();

  const bob = await openPerson(browser, 'bob');
  await expect(treeNoteAt(bob.page, 'Quarterly report.pdf')).toHaveCount(0);

  await goOnline(alice.context);
  await expect(alice.page.getByTestId('pending-uploads')).toHaveAttribute('data-count', '0');
  const uploaded = treeNoteAt(alice.page, 'Quarterly report.pdf');
  await expect(uploaded).toHaveAttribute('data-kind', 'attachment');
  const docId = (await uploaded.getAttribute('data-doc-id')) ?? '';

  await openSearch(bob.page);
  await expectFirstHit(bob.page, 'pelican logistics', docId);
  await results(bob.page).first().click();
  await expect(bob.page.getByTestId('attachment-view')).toBeVisible();
  await expect(bob.page.getByTestId('attachment-text')).toContainText('pelican logistics costs fell');
  const download = bob.page.getByTestId('attachment-download');
  await expect(download).toHaveAttribute('href', new RegExp(`/attachments/${docId}\\?download=1$`));

  await alice.context.close();
  await bob.context.close();
});

test('[ATT1] a file over the limit is refused at once with the reason, and nothing is queued', async ({
  browser,
}, testInfo) => {
  const alice = await openPerson(browser);
  // Playwright won't pass a buffer this large; a sparse file of 51 MiB costs no disk.
  const huge = testInfo.outputPath('Huge video.mp4');
  await mkdir(dirname(huge), { recursive: true });
  await truncate(huge, 51 * 1024 * 1024).catch(async () => {
    await writeFile(huge, '');
    await truncate(huge, 51 * 1024 * 1024);
  });
  await alice.page.getByTestId('upload-input').setInputFiles(huge);
  await expect(alice.page.getByText(/larger than|too large|at most 50/i).first()).toBeVisible();
  await expect(alice.page.locator('[data-testid="tree-upload"]')).toHaveCount(0);
  await alice.context.close();
});
