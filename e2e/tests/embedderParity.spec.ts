import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { hashedEmbedder } from '../../packages/core/src/embedder/hashedEmbedder';
import { expect, test } from './relayFixture';

// A fixed multilingual set: scripts with and without spaces, marks, compatibility forms, emoji.
const TEXTS = [
  'Refunds are paid within thirty days of purchase.',
  'Ｆｕｌｌ－ｗｉｄｔｈ ＡＳＣＩＩ and ﬁ ligatures',
  'Straße, café, naïve, Ångström, ÆØÅ',
  'Привет, мир! Возврат денег в течение 30 дней.',
  'नमस्ते दुनिया, धनवापसी नीति',
  '退款政策：三十天内可以退款。',
  '東京で会議があります。カタカナもひらがなも',
  '환불 정책은 30일입니다',
  'سياسة الاسترداد خلال ثلاثين يوما',
  'emoji 🎉 and numbers 3.14159 2026-11-30',
  '',
];

function toBase64(vector: Float32Array): string {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64');
}

test('[EMB4] the embedder gives the same bytes in Chromium as in Node for a multilingual set', async ({ page }) => {
  // The browser runs core's own source, bundled as it would be in the app.
  const bundle = buildSync({
    entryPoints: [join(import.meta.dirname, '..', '..', 'packages', 'core', 'src', 'embedder', 'hashedEmbedder.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'baaldaEmbedder',
    write: false,
    target: 'es2022',
  });
  await page.setContent('<!doctype html><title>parity</title>');
  await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' });
  const inBrowser = await page.evaluate((texts) => {
    const { hashedEmbedder: embedder } = (
      globalThis as unknown as { baaldaEmbedder: { hashedEmbedder: { embed(text: string): Float32Array } } }
    ).baaldaEmbedder;
    return texts.map((text) => {
      const vector = embedder.embed(text);
      let binary = '';
      for (const byte of new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength))
        binary += String.fromCharCode(byte);
      return btoa(binary);
    });
  }, TEXTS);
  expect(inBrowser).toEqual(TEXTS.map((text) => toBase64(hashedEmbedder.embed(text))));
  expect(new Set(inBrowser).size).toBe(TEXTS.length);
});
