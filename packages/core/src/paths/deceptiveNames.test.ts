import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findInvisibleCharacter, findMixedScriptWord, hasLoneSurrogate } from './deceptiveNames';
import { validateFolderPath } from './notePath';

describe('deceptive names', () => {
  it('[PATH13] only unpaired surrogates are lone; an emoji (a pair) is not', () => {
    expect(hasLoneSurrogate('a\ud800')).toBe(true);
    expect(hasLoneSurrogate('\udc00a')).toBe(true);
    expect(hasLoneSurrogate('😀 Notes')).toBe(false);
  });

  it.each([
    ['invoice\u202Efdp.exe', 'U+202E'],
    ['a\u2066b\u2069', 'U+2066'],
    ['a\u200eb', 'U+200E'],
    ['a\u200fb', 'U+200F'],
    ['a\u061cb', 'U+061C'],
    ['H\u200bR', 'U+200B'],
    ['H\u200cR', 'U+200C'],
    ['H\u200dR', 'U+200D'],
    ['HR\u2060', 'U+2060'],
    ['\ufeffHR', 'U+FEFF'],
    ['Pay\u00adroll', 'U+00AD'],
    ['H\u034fR', 'U+034F'],
    ['H\ufe0fR', 'U+FE0F'],
    ['\u3164HR', 'U+3164'],
    ['flag\u{E0067}', 'U+E0067'],
  ])('[PATH14] %j hides %s', (name, character) => {
    expect(findInvisibleCharacter(name)).toBe(character);
    expect(validateFolderPath(name)).toMatchObject({ ok: false, rule: 'PATH14' });
  });

  it.each([
    ['👩‍💻 Dev'],
    ['👩🏽‍💻 Team'],
    ['❤️ Favourites'],
    ['1️⃣ First'],
    ['葛󠄀城'],
    ['کتاب‌ها'],
    ['क्‌ष'],
    ['Plain words'],
  ])('[PATH14] %j spells an emoji, a glyph or a joining script with them, and passes', (name) => {
    expect(findInvisibleCharacter(name)).toBeNull();
    expect(validateFolderPath(name).ok).toBe(true);
  });

  it('[PATH15] one word from two lookalike alphabets is refused; words of one alphabet each pass', () => {
    expect(findMixedScriptWord('\u041dR')).toEqual({ word: 'НR', scripts: ['Latin', 'Cyrillic'] });
    expect(findMixedScriptWord('\u0391pple')).toMatchObject({ scripts: ['Latin', 'Greek'] });
    expect(findMixedScriptWord('Δ report')).toBeNull();
    expect(findMixedScriptWord('Отчёт Q3')).toBeNull();
    expect(findMixedScriptWord('会議 Notes メモ')).toBeNull();
    expect(findMixedScriptWord('Crème brûlée')).toBeNull();
    expect(validateFolderPath('Invoices/p\u0430id')).toMatchObject({ ok: false, rule: 'PATH15' });
  });

  it('[PATH13–PATH15] a refusal names the character by code point or the word, never hides it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 12 }), (name) => {
        const result = validateFolderPath(name);
        if (!result.ok) expect(findInvisibleCharacter(result.message.replace(/^PATH\d+: /, ''))).toBeNull();
      }),
    );
  });
});
