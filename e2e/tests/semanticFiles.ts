import { expect, type Page } from '@playwright/test';
import { UNCACHED_SEMANTIC_FILES_SCRIPT } from '../../apps/web/lib/search/semantic/semanticFiles';

/**
 * Waits until the service worker has cached every file of the sentence encoder (SEMW2: the app asks it to,
 * a few seconds after opening, when idle and online).
 */
export async function waitForSemanticFilesCached(page: Page): Promise<void> {
  const missing = () => page.evaluate(UNCACHED_SEMANTIC_FILES_SCRIPT) as Promise<string[]>;
  await expect.poll(missing, { timeout: 60_000, message: 'the encoder files are cached' }).toEqual([]);
}
