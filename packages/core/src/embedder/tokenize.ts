// EMB2: a token is a run of letters, marks and digits in any script. Marks stay inside tokens because
// in many scripts (Devanagari, Thai, Arabic) they are part of the letter, not decoration.
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
// EMB2: scripts written without spaces; their runs become overlapping character pairs, the usual
// unit for matching Chinese and Japanese without a dictionary.
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * EMB2: splits text into search tokens: NFKC (so full-width and compatibility forms match their
 * plain twins), lower-cased, runs of letters/marks/digits; unspaced scripts as character bigrams.
 * @example tokenize('Ｒｅｆｕｎｄ policy, 2026!') // ['refund', 'policy', '2026']
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const match of text.normalize('NFKC').toLowerCase().matchAll(WORD)) splitRun(match[0], tokens);
  return tokens;
}

// Plain statements, no closures: under tsx (esbuild's keepNames) every closure created per run is also
// given its name with Object.defineProperty, which cost more than the tokenizing.
function splitRun(run: string, tokens: string[]): void {
  let plain = '';
  let unspaced: string[] = [];
  for (const character of run) {
    if (UNSPACED.test(character)) {
      if (plain) tokens.push(plain);
      plain = '';
      unspaced.push(character);
    } else {
      pushUnspaced(unspaced, tokens);
      unspaced = [];
      plain += character;
    }
  }
  if (plain) tokens.push(plain);
  pushUnspaced(unspaced, tokens);
}

function pushUnspaced(unspaced: readonly string[], tokens: string[]): void {
  if (unspaced.length === 1) tokens.push(unspaced[0] ?? '');
  for (let index = 0; index + 1 < unspaced.length; index += 1) tokens.push(`${unspaced[index]}${unspaced[index + 1]}`);
}
