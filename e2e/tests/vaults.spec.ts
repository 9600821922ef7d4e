import { randomBytes } from 'node:crypto';
import { API } from '@baalda/core/api';
import { E2E_PASSWORD, ensureAccount, setRole } from './accounts';
import { createNote, editor, expectTreeSynced, openFromTree, openPerson, treeNote, typeInEditor } from './helpers';
import { bearer, relayApi, succeed } from './relayClient';
import { expect, type Page, test } from './relayFixture';

// In the browser: invite links, the vault switcher and personal access tokens (ACL1, ACL3).

// Sign-ins hash passwords on purpose (ACC2), and these tests make two people each: give them room.
test.slow();

test.beforeEach(async ({ request }) => {
  await ensureAccount(request, 'alice');
  await setRole(request, 'alice', 'owner');
});

function unique(): string {
  return randomBytes(4).toString('hex');
}

/** Opens Settings of the open vault from the account menu, on `tab`. */
async function openSettings(page: Page, tab: 'Members' | 'Access tokens') {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('vault-settings-button').click();
  const dialog = page.getByTestId('vault-settings');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('tab', { name: tab }).click();
  await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  return dialog;
}

test('[ACL1] an invite link signs a new person up as a viewer, who reads but can’t write', async ({
  browser,
  request,
}) => {
  const alice = await openPerson(browser, 'alice');
  const docId = await createNote(alice.page, `Welcome ${unique()}`);
  await typeInEditor(alice.page, 'Read this first.');
  await expectTreeSynced(alice.page);

  const settings = await openSettings(alice.page, 'Members');
  await settings.getByRole('combobox', { name: 'Role', exact: true }).selectOption('viewer');
  await settings.getByTestId('create-invite').click();
  const linkField = settings.getByTestId('invite-link').getByRole('textbox');
  await expect(settings.getByTestId('invite-link')).toContainText('Invite link (viewer)');
  await expect(linkField).toHaveValue(/\/\?invite=[A-Za-z0-9_-]+$/);
  const link = await linkField.inputValue();
  const secret = new URL(link).searchParams.get('invite') ?? '';

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByTestId('auth-title')).toHaveText(/^Join .+ as viewer$/);
  const email = `carol+${unique()}@example.com`;
  await page.getByLabel(/^Your name/).fill('carol');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(E2E_PASSWORD);
  await page.getByTestId('auth-submit').click();

  await expect(page.getByTestId('account-email')).toHaveText(email);
  await expect(page).not.toHaveURL(/invite=/);
  await expect(page.getByTestId('vault-role')).toHaveAttribute('data-role', 'viewer');
  await expect(page.getByTestId('vault-switcher')).toHaveValue('default');
  // The invite was single use.
  expect((await relayApi(request).call(API.showInvite, { params: { secret } })).status).toBe(404);

  const newNote = page.getByTestId('new-note');
  await expect(newNote).toHaveAttribute('aria-disabled', 'true');
  await expect(newNote).toHaveAttribute('title', 'Viewers can’t change this vault');
  await openFromTree(page, docId);
  await expect(editor(page)).toHaveText('Read this first.');
  await expect(editor(page)).toHaveAttribute('contenteditable', 'false');
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' carol was here');
  await newNote.click({ force: true });
  await expect(editor(page)).toHaveText('Read this first.');
  await expect(page).toHaveURL(new RegExp(`note=${docId}`));
  await expect(page.getByTestId('rename-input')).toHaveCount(0);
  // And alice's copy never got carol's words.
  await expect(editor(alice.page)).toHaveText('Read this first.');

  await context.close();
  await alice.context.close();
});

test('alice starts a vault from the switcher; switching back shows default’s notes, not the new vault’s', async ({
  browser,
}) => {
  const alice = await openPerson(browser, 'alice');
  const inDefault = await createNote(alice.page, `Default note ${unique()}`);
  await expectTreeSynced(alice.page);

  const name = `Side project ${unique()}`;
  await alice.page.getByTestId('new-vault').click();
  await alice.page.getByLabel('Name of the new vault').fill(name);
  await alice.page.getByRole('button', { name: 'Create vault' }).click();
  const switcher = alice.page.getByTestId('vault-switcher');
  await expect(switcher.locator('option:checked')).toHaveText(`${name} · Owner`);
  const sideVault = await switcher.inputValue();
  expect(sideVault).not.toBe('default');
  await expect(alice.page).toHaveURL(new RegExp(`vault=${sideVault}`));
  await expect(alice.page.getByTestId('vault-role')).toHaveAttribute('data-role', 'owner');
  await expect(treeNote(alice.page, inDefault)).toHaveCount(0);

  const inSide = await createNote(alice.page, 'Side note');
  await typeInEditor(alice.page, 'Only in the side vault.');
  await expectTreeSynced(alice.page);
  const sideTree = await succeed(relayApi(alice.context.request), API.readTree, { params: { vaultId: sideVault } });
  expect(sideTree.notes.map((note) => note.docId)).toEqual([inSide]);

  await switcher.selectOption('default');
  await expect(alice.page).toHaveURL(/vault=default/);
  await expect(treeNote(alice.page, inDefault)).toBeVisible();
  await expect(treeNote(alice.page, inSide)).toHaveCount(0);
  await expect(alice.page.locator('aside')).not.toContainText('Side note');

  await switcher.selectOption(sideVault);
  await expect(treeNote(alice.page, inSide)).toBeVisible();
  await expect(treeNote(alice.page, inDefault)).toHaveCount(0);

  await alice.context.close();
});

test('[ACL3] an access token is shown once, reads the vault over the API, and stops at revoke', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const alice = await openPerson(browser, 'alice');
  const settings = await openSettings(alice.page, 'Access tokens');
  const name = `Laptop scripts ${unique()}`;
  await settings.getByTestId('new-token').click();
  const form = settings.getByTestId('new-token-form');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByTestId('create-token').click();
  const reveal = settings.getByTestId('token-secret');
  await expect(reveal).toContainText('you won’t see it again');
  const secretField = reveal.getByRole('textbox');
  await expect(secretField).toHaveValue(/^baalda_pat_\S+$/);
  const secret = await secretField.inputValue();
  await reveal.getByRole('button', { name: 'Done' }).click();
  await expect(reveal).toHaveCount(0);
  const row = settings.getByTestId('token-row').filter({ hasText: name });
  await expect(row).toHaveAttribute('data-state', 'active');
  // Shown once: nothing on the page holds the secret any more, and the relay's list never does.
  expect(await alice.page.content()).not.toContain(secret);
  expect(JSON.stringify(await succeed(relayApi(alice.context.request), API.listTokens, {}))).not.toContain(secret);

  // A context with no cookie: the token alone speaks for alice.
  const api = await playwright.request.newContext({ baseURL });
  const treeWith = async (token: string | null) =>
    (await relayApi(api, token ? bearer(token) : {}).call(API.readTree, { params: { vaultId: 'default' } })).status;
  expect(await treeWith(null)).toBe(401);
  expect(await treeWith(secret)).toBe(200);

  await row.getByTestId('revoke-token').click();
  await row.getByTestId('confirm-action').click();
  await expect(row.getByTestId('revoke-token')).toHaveCount(0);
  await expect(row).not.toHaveAttribute('data-state', 'active');
  await expect.poll(() => treeWith(secret)).toBe(401);

  await api.dispose();
  await alice.context.close();
});
