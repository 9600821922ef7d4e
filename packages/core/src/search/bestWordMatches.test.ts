import { describe, expect, it } from 'vitest';
import { fnv1a32 } from '../embedder/hashedEmbedder';
import { bestWordMatches, MEANING_RERANKS } from './bestWordMatches';
import type { LexicalScores } from './lexicalIndex';

// 3,000 notes: 400 with a better score than the rest, the other 2,600 tied (equal length, equal counts).
const NOTES = Array.from({ length: 3000 }, (_, index) => ({
  docId: `tiedNote_${String(index).padStart(5, '0')}`,
  score: index % 7 === 0 && index < 2800 ? 2 + index / 10_000 : 1,
}));

/** The notes placed in rows in `order`, as the lexical index would report them (position = row), with each row's key. */
function placed(order: readonly number[]): { lexical: LexicalScores; keys: Uint32Array; docIdAt: string[] } {
  const notes = order.map((position) => NOTES[position] as (typeof NOTES)[number]);
  return {
    lexical: {
      rows: Int32Array.from(notes.keys()),
      scores: Float64Array.from(notes, (note) => note.score),
      count: notes.length,
      bestPossible: 3,
    },
    keys: Uint32Array.from(notes, (note) => fnv1a32(note.docId)),
    docIdAt: notes.map((note) => note.docId),
  };
}

describe('the word matches meaning re-ranks', () => {
  it('[HYB6] exactly MEANING_RERANKS of them, every better-scored one first, however many tie at the cut', () => {
    const { lexical, keys, docIdAt } = placed(NOTES.map((_, index) => index));
    const chosen = [...bestWordMatches(lexical, keys)].map((row) => docIdAt[row] as string);
    expect(chosen).toHaveLength(MEANING_RERANKS);
    const better = NOTES.filter((note) => note.score > 1).map((note) => note.docId);
    expect(better.length).toBeLessThan(MEANING_RERANKS);
    expect(new Set(chosen.slice(0, better.length))).toEqual(new Set(better));
  });

  it('[HYB6] the tied ones are chosen by the notes’ keys, so rows numbered in another order choose the same notes', () => {
    const forward = NOTES.map((_, index) => index);
    const shuffled = [...forward].sort((a, b) => fnv1a32(`shuffle ${a}`) - fnv1a32(`shuffle ${b}`));
    const chosenIn = (order: number[]) => {
      const { lexical, keys, docIdAt } = placed(order);
      return new Set([...bestWordMatches(lexical, keys)].map((row) => docIdAt[row]));
    };
    expect(chosenIn(shuffled)).toEqual(chosenIn(forward));
    expect(chosenIn([...forward].reverse())).toEqual(chosenIn(forward));
  });

  it('[HYB6] up to MEANING_RERANKS matches are all re-ranked', () => {
    const { lexical, keys } = placed(NOTES.slice(0, MEANING_RERANKS).map((_, index) => index));
    expect(bestWordMatches(lexical, keys)).toHaveLength(MEANING_RERANKS);
  });
});
