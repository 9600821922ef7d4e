import { expect, type Page } from '@playwright/test';

/** The search palette (Ctrl/Cmd-K) as a person uses it. */
export const results = (page: Page) => page.getByTestId('search-result');

/**
 * Opens the palette with the keyboard shortcut; the caret lands in its field. Right after a reload the app
 * may still be starting when the key goes down, and a press before it listens is lost, as it would be for a
 * person: the key is pressed again only while no palette shows, so a slow one is never toggled shut.
 */
export async function openSearch(page: Page): Promise<void> {
  const palette = page.getByRole('dialog', { name: 'Search notes' });
  await expect(async () => {
    if (!(await palette.isVisible())) await page.keyboard.press('ControlOrMeta+k');
    await expect(palette).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('search-input')).toBeFocused();
}

/**
 * Types `query` until `docId` is the first hit. The relay indexes a note in its store cycle (up to 2 s after
 * the edit reached it), so a query is typed again until the index has caught up.
 */
export async function expectFirstHit(page: Page, query: string, docId: string): Promise<void> {
  const input = page.getByTestId('search-input');
  await expect(async () => {
    await input.fill('');
    await input.fill(query);
    await expect(results(page).first()).toHaveAttribute('data-doc-id', docId, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/** A note the search must not return: the field shows "No notes match" for `query`. */
export async function expectNoHits(page: Page, query: string): Promise<void> {
  await page.getByTestId('search-input').fill(query);
  await expect(page.getByTestId('search-empty')).toHaveText('No notes match');
  await expect(results(page)).toHaveCount(0);
}
