import { API } from '@baalda/core/api';
import type { BrowserContext } from '@playwright/test';
import { E2E_PASSWORD, emailOf } from './accounts';
import { relayApi } from './relayClient';
import { expect, test } from './relayFixture';

// On a relay of its own: this test changes its account's password, which would break the sessions and the
// password every other spec of the worker's relay counts on.
test('the account menu changes the password, signing the other browser out, and signs out everywhere', async ({
  browser,
  freshRelay,
}) => {
  const email = emailOf('alice');
  const newPassword = 'a brand new passphrase';
  const here = await browser.newContext({ baseURL: freshRelay.url });
  const elsewhere = await browser.newContext({ baseURL: freshRelay.url });
  const signUp = await relayApi(here.request).call(API.signUp, { body: { email, password: E2E_PASSWORD } });
  expect(signUp.status).toBe(201);
  const signIn = async (password: string) =>
    (await relayApi(elsewhere.request).call(API.signIn, { body: { email, password } })).status;
  const vaultsStatus = async (context: BrowserContext) =>
    (await relayApi(context.request).call(API.listVaults, {})).status;
  expect(await signIn(E2E_PASSWORD)).toBe(200);
  const page = await here.newPage();
  await page.goto('/');
  await expect(page.getByTestId('new-note')).toBeVisible();

  await page.getByTestId('account-menu').click();
  await page.getByTestId('change-password').click();
  const form = page.getByTestId('change-password-form');
  await form.getByLabel('Current password').fill(E2E_PASSWORD);
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('New password again').fill(newPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('password-changed')).toContainText('1 other session signed out');
  expect(await vaultsStatus(elsewhere)).toBe(401);
  expect(await vaultsStatus(here)).toBe(200);

  expect(await signIn(newPassword)).toBe(200);
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByTestId('sign-out-everywhere').click();
  await expect(page.getByTestId('auth-title')).toHaveText('Sign in to Baalda');
  expect(await vaultsStatus(elsewhere)).toBe(401);
  await here.close();
  await elsewhere.close();
});
