import { expect, type Page } from '@playwright/test';

/**
 * Waits until the service worker has cached every file of the sentence encoder (SEMW2: the app asks it to,
 * a few seconds after opening, when idle and online). The file list is the one the build wrote into sw.js.
 */
export async function waitForSemanticFilesCached(page: Page): Promise<void> {
  const missing = () =>
    page.evaluate(async () => {
      const source = await (await fetch('/sw.js')).text();
      const manifest = /const SEMANTIC = (\{[\s\S]*?\});/.exec(source)?.[1];
      if (!manifest) return ['sw.js names no encoder files'];
      const { cache: name, urls } = JSON.parse(manifest) as { cache: string; urls: string[] };
      if (!(await caches.has(name))) return urls;
      const cache = await caches.open(name);
      const cached = await Promise.all(urls.map(async (url) => ((await cache.match(url)) ? null : url)));
      return cached.filter((url) => url !== null);
    });
  await expect.poll(missing, { timeout: 60_000, message: 'the encoder files are cached' }).toEqual([]);
}
