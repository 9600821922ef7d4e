// A port of the SentencePiece (unigram) tokenizer of tfjs-models' Universal Sentence Encoder
// (github.com/tensorflow/tfjs-models, universal-sentence-encoder/src/tokenizer; Copyright 2019 Google LLC,
// Apache License 2.0). It is written by hand because the only published copy that fits this model
// (@energetic-ai/embeddings) slices the rest of the text at every position, which is quadratic (a long enough
// text stalls the tab or the relay), and importing it loads a bundled tfjs 3 next to ours. This port gives the
// same ids for any text under the caps of textBudget.ts, quirks included: it walks the trie in place and keeps
// one best score per position, so its cost is linear in the text's length.
import { buildPieceTrie, type PieceTrie, type VocabularyEntry, visitPiecesAt } from './pieceTrie';
import { cutText, MAX_PIECES_PER_TEXT } from './textBudget';

/** Turns a text into the vocabulary ids the model reads. */
export interface SentencePieceTokenizer {
  /** At most MAX_PIECES_PER_TEXT ids; `[]` for the empty string only. */
  encode(text: string): number[];
}

/** The word separator of SentencePiece: a space, and the start of the text, become this symbol. */
const WORD_SEPARATOR = '\u2581';
/** `<unk>` and the control symbols at the head of the USE vocabulary, which no text matches. */
const RESERVED_SYMBOLS_COUNT = 6;
const UNKNOWN_ID = 0;

/** A tokenizer over `vocabulary` (USE lite's `vocab.json`: 8,000 `[piece, score]` entries). */
export function createSentencePieceTokenizer(vocabulary: readonly VocabularyEntry[]): SentencePieceTokenizer {
  const trie = buildPieceTrie(vocabulary, RESERVED_SYMBOLS_COUNT);
  // The original steps back over each chosen piece by its UTF-16 length, not by its code points; kept, so ids stay
  // the same. A length of at least 1 keeps an empty vocabulary entry from looping forever.
  const backtrackLengths = vocabulary.map(([piece]) => Math.max(1, piece.length));
  return {
    encode: (text) => {
      const ids = encodeSymbols(trie, backtrackLengths, toSymbols(text));
      return ids.length > MAX_PIECES_PER_TEXT ? ids.slice(0, MAX_PIECES_PER_TEXT) : ids;
    },
  };
}

/** NFKC, then the separator before the text and in place of each space (only U+0020, as in the original). */
function toSymbols(text: string): string[] {
  // Cut before normalizing (to bound its cost) and after (NFKC can make one character into up to 18).
  const normalized = cutText(cutText(text).normalize('NFKC'));
  if (normalized.length === 0) return [];
  return [...(WORD_SEPARATOR + normalized.replaceAll(' ', WORD_SEPARATOR))];
}

/**
 * Viterbi over the pieces. Each position's best score is final once every earlier position has been visited, so
 * pushing scores forward in start order makes the same choices, ties included, as the original's pass over end
 * positions. Its quirks are kept: a best score of exactly 0 counts as none yet (so a later candidate always
 * replaces it), ties go to the later start, and a symbol that starts no piece is `<unk>` with score 0.
 */
function encodeSymbols(trie: PieceTrie, backtrackLengths: readonly number[], symbols: readonly string[]): number[] {
  const bestScore = new Float64Array(symbols.length + 1);
  const bestId = new Int32Array(symbols.length + 1);
  const offer = (end: number, score: number, id: number) => {
    const current = bestScore[end] ?? 0;
    if (current !== 0 && score < current) return;
    bestScore[end] = score;
    bestId[end] = id;
  };
  for (let start = 0; start < symbols.length; start++) {
    const before = bestScore[start] ?? 0;
    let matched = false;
    visitPiecesAt(trie, symbols, start, ({ id, score, length }) => {
      matched = true;
      offer(start + length, score + before, id);
    });
    if (!matched) offer(start + 1, before, UNKNOWN_ID);
  }
  return backtrack(bestId, backtrackLengths);
}

/** The chosen ids from the end back to the start, runs of `<unk>` merged into one, in text order. */
function backtrack(bestId: Int32Array, backtrackLengths: readonly number[]): number[] {
  const ids: number[] = [];
  for (let end = bestId.length - 1; end > 0; ) {
    const id = bestId[end] ?? UNKNOWN_ID;
    if (!(id === UNKNOWN_ID && ids.at(-1) === UNKNOWN_ID)) ids.push(id);
    end -= backtrackLengths[id] ?? 1;
  }
  return ids.reverse();
}
