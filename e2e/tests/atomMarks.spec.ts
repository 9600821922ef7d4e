import { editor, emptyVault, expectSyncState, openPerson } from './helpers';
import { documentAccess, expectOpensWithoutWriting } from './noteDocuments';
import { expect, test } from './relayFixture';
import { createNotesOverApi, readNotesOverMcp, readOnlyToken, updateNoteOverMcp } from './relayNotes';

// Formatting around note links, embeds and raw pieces (kept in their `marks`, core's MD13), and code that
// wears other marks: shown as formatted, changed by the formatting commands, and read back by assistants.

test.beforeEach(async ({ request }) => emptyVault(request));

const FORMATTED = [
  'Open **[[Settings]] → Editor**, press **`Ctrl+P`**, see ==$x^2$== and [`app.json`](https://example.com/app).',
  '',
  '> [!note] Note',
  '>',
  '> A body after a blank line.',
  '',
].join('\n');

test('[ATOM1, ATOM2, ATOM3, RAW4] an assistant’s bold link, bold code and highlighted math show formatted, and opening writes nothing', async ({
  browser,
  request,
  baseURL,
}) => {
  const access = await documentAccess(request, baseURL);
  const alice = await openPerson(browser);
  const [docId = ''] = await createNotesOverApi(request, ['Formatted.md']);
  await updateNoteOverMcp(request, docId, FORMATTED);
  await expectOpensWithoutWriting(alice.page, access, docId);
  const link = editor(alice.page).locator('a.note-link');
  await expect(link).toHaveText('Settings');
  await expect(link).toHaveCSS('font-weight', '700');
  await expect(editor(alice.page).locator('strong code')).toHaveText('Ctrl+P');
  await expect(editor(alice.page).locator('a[href="https://example.com/app"] code')).toHaveText('app.json');
  await expect(editor(alice.page).locator('.raw-inline[data-marks="highlight"]')).toHaveText('$x^2$');
  const texts = await readNotesOverMcp(request, await readOnlyToken(request), [docId]);
  expect(texts.get(docId)).toBe(FORMATTED);
  await alice.context.close();
});

test('[ATOM1] Ctrl+B over a line holding a note link bolds the link with it, and the Markdown says so', async ({
  browser,
  request,
}) => {
  const alice = await openPerson(browser);
  const [docId = ''] = await createNotesOverApi(request, ['Plain.md']);
  await updateNoteOverMcp(request, docId, 'See [[Roadmap]] now.\n');
  const { page } = alice;
  await page.goto(`/?note=${docId}`);
  const line = editor(page).locator('p', { hasText: 'now.' });
  await line.click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('ControlOrMeta+b');
  await expect(editor(page).locator('a.note-link')).toHaveCSS('font-weight', '700');
  await expectSyncState(page, 'synced');
  const token = await readOnlyToken(request);
  await expect
    .poll(async () => (await readNotesOverMcp(request, token, [docId])).get(docId))
    .toBe('**See [[Roadmap]] now.**\n');
  await page.keyboard.press('ControlOrMeta+b');
  await expect
    .poll(async () => (await readNotesOverMcp(request, token, [docId])).get(docId))
    .toBe('See [[Roadmap]] now.\n');
  await alice.context.close();
});
