// PATH13–PATH15: names that are not what they look like. A name is shown to people who act on it (open it,
// put a payslip in it), so characters that hide, reorder or impersonate other characters are refused.

// PATH13: an unpaired surrogate is no character at all; no disk or database can store it.
const LONE_SURROGATE = /\p{Cs}/u;

// PATH14: format characters (bidi controls, zero-width space and joiners, word joiner, BOM, soft hyphen,
// Arabic number signs, tags…), every other default-ignorable code point (variation selectors, fillers), and
// the line and paragraph separators: each changes how a name shows, or hides in it, without being seen.
const INVISIBLE_CHARACTERS = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2028\u2029]/u;

// Where those characters are part of how a name is spelled and shown, not hidden in it:
// - a zero-width joiner between two emoji (👩‍💻 is 👩 ZWJ 💻, skin tones and VS16 may come between);
// - an emoji or text presentation selector after an emoji (❤️), or VS16 in a keycap (1️⃣);
// - an ideographic variation selector after a Han character (a registered glyph of a name, 葛󠄀);
// - ZWNJ or ZWJ inside a word of a script whose letters join or form conjuncts (Persian کتاب‌ها, Hindi
//   क्‌ष): there they change the letters' shapes, visibly, and people type them in ordinary words.
const SPELLING_PARTS = new RegExp(
  [
    String.raw`(?<=[\p{Extended_Pictographic}\p{Emoji_Modifier}]\uFE0F?)\u200D(?=\p{Extended_Pictographic})`,
    String.raw`(?<=\p{Extended_Pictographic})[\uFE0E\uFE0F]`,
    String.raw`(?<=[#*0-9])\uFE0F(?=\u20E3)`,
    String.raw`(?<=\p{Script=Han})[\u{E0100}-\u{E01EF}]`,
    String.raw`(?<=[${joiningScripts()}]\p{M}*)[\u200C\u200D](?=[${joiningScripts()}])`,
  ].join('|'),
  'gu',
);

function joiningScripts(): string {
  const scripts = ['Arabic', 'Syriac', 'Nko', 'Mongolian', 'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati'];
  scripts.push('Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Khmer', 'Myanmar');
  return scripts.map((script) => String.raw`\p{Script=${script}}`).join('');
}

// PATH15: alphabets whose letters pass for each other (Latin H, Cyrillic Н, Greek Η; Latin a, Cyrillic а;
// Armenian օ, Cherokee Ꭺ). One word drawing letters from two of them is how a lookalike name is made.
const LOOKALIKE_ALPHABETS = ['Latin', 'Cyrillic', 'Greek', 'Armenian', 'Cherokee'].map((script) => ({
  script,
  letters: new RegExp(String.raw`\p{Script=${script}}`, 'u'),
}));
const WORDS = /[\p{L}\p{M}]+/gu;

/** PATH13: true when `text` holds an unpaired surrogate (it is not well-formed Unicode). */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/**
 * PATH14: the first character of `name` that would hide in it or reorder it (as `U+202E`), or null.
 * @example findInvisibleCharacter('invoice\u202Efdp.exe') // 'U+202E'
 */
export function findInvisibleCharacter(name: string): string | null {
  const found = name.replace(SPELLING_PARTS, '').match(INVISIBLE_CHARACTERS)?.[0];
  return found === undefined ? null : `U+${(found.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * PATH15: the first word of `name` whose letters come from two lookalike alphabets, with the two, or null.
 * Words are runs of letters and marks, so `Δ report` (two words) passes and `НR` (Cyrillic Н, Latin R) doesn't.
 * @example findMixedScriptWord('\u041dR') // { word: 'НR', scripts: ['Latin', 'Cyrillic'] }
 */
export function findMixedScriptWord(name: string): { word: string; scripts: string[] } | null {
  for (const [word] of name.matchAll(WORDS)) {
    const scripts = LOOKALIKE_ALPHABETS.filter(({ letters }) => letters.test(word)).map(({ script }) => script);
    if (scripts.length > 1) return { word, scripts };
  }
  return null;
}
