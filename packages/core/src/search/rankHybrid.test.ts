import { describe, expect, it } from 'vitest';
import { fnv1a32 } from '../embedder/hashedEmbedder';
import { type QuantizedVectors, quantizeVectors, semanticSimilarity } from '../semantic/semanticVectors';
import { LexicalIndex } from './lexicalIndex';
import { lexicalTermsOf } from './lexicalTerms';
import { rankHybrid, SPREAD_SAMPLE } from './rankHybrid';
import { rankNotes } from './rankNotes';

const WORDS = ['refund', 'laptop', 'deploy', 'holiday', 'offsite', 'budget', 'pager', 'invoice', 'visa', 'badge'];

// Notes of a few words each. Their "meaning" is a vector drawn from their id (a sentence encoder's
// stand-in), so no two notes score alike and no tie is left for row order to break.
const NOTES = Array.from({ length: SPREAD_SAMPLE + 300 }, (_, index) => ({
  docId: `hybridNote_${String(index).padStart(5, '0')}`,
  text: [0, 3, 7].map((step) => WORDS[(index * step + index) % WORDS.length]).join(' '),
}));
const DIMENSIONS = 16;

function meaningOf(seedText: string): Float32Array {
  let state = fnv1a32(seedText) || 1;
  const vector = Float32Array.from({ length: DIMENSIONS }, () => {
    // xorshift32: a few lines of deterministic noise, the same on every run.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32 - 0.5;
  });
  const norm = Math.hypot(...vector);
  return vector.map((value) => value / norm);
}

interface RankOptions {
  /** Gives the side `similaritiesOf`, counting the rows it is asked for. */
  readonly batched?: { rowsAsked: number };
}

/** Ranks NOTES placed in rows in the given order; answers doc ids with their scores, best first. */
function rankInOrder(
  order: readonly number[],
  query: string,
  withKeys: boolean,
  options: RankOptions = {},
): Array<[string, number]> {
  const notes = order.map((position) => NOTES[position] as (typeof NOTES)[number]);
  const lexical = new LexicalIndex();
  const vectors: QuantizedVectors[] = [];
  for (const [row, note] of notes.entries()) {
    lexical.setRow(row, note.docId, note.text);
    vectors.push(quantizeVectors([meaningOf(note.docId)], DIMENSIONS));
  }
  const meaning = meaningOf(query);
  const similarityAt = (row: number) => semanticSimilarity(meaning, vectors[row] as QuantizedVectors);
  const { batched } = options;
  const similaritiesOf = (rows: Int32Array, count: number, out: Float64Array) => {
    if (batched) batched.rowsAsked += count;
    for (let index = 0; index < count; index += 1) out[index] = similarityAt(rows[index] as number);
  };
  const ranked = rankNotes({
    queryTerms: lexicalTermsOf(query),
    lexical,
    candidates: { rows: Int32Array.from(notes.keys()), count: notes.length },
    capacity: notes.length,
    cosineAt: () => 0,
    limit: 10,
    semantic: {
      similarityAt,
      sampleKeys: withKeys ? notes.map((note) => fnv1a32(note.docId)) : undefined,
      similaritiesOf: batched ? similaritiesOf : undefined,
    },
  });
  return ranked.map(({ row, score }) => [notes[row]?.docId ?? '', Number(score.toFixed(9))]);
}

describe('hybrid ranking of a vault larger than the spread sample', () => {
  it('[HYB3] with sample keys, the same notes in another row order rank the same (relay and browser number rows differently)', () => {
    const forward = NOTES.map((_, index) => index);
    const backward = [...forward].reverse();
    for (const query of ['refund laptop', 'pager budget visa', 'holiday'])
      expect(rankInOrder(backward, query, true), query).toEqual(rankInOrder(forward, query, true));
  });

  it('[HYB3] without keys the sample follows row order, which is why the keys exist', () => {
    const forward = NOTES.map((_, index) => index);
    const shuffled = [...forward].sort((a, b) => fnv1a32(`x${a}`) - fnv1a32(`x${b}`));
    const scores = (order: number[]) => rankInOrder(order, 'refund laptop', false).map(([, score]) => score);
    expect(scores(shuffled)).not.toEqual(scores(forward));
  });

  it('[HYB4] a query whose words no note holds compares every candidate in one call, and ranks as row by row', () => {
    const forward = NOTES.map((_, index) => index);
    for (const query of ['zebra giraffe', 'what do buyers get back']) {
      const batched = { rowsAsked: 0 };
      const together = rankInOrder(forward, query, true, { batched });
      expect(batched.rowsAsked, query).toBe(NOTES.length);
      expect(together.length, query).toBeGreaterThan(0);
      expect(together, query).toEqual(rankInOrder(forward, query, true));
    }
  });

  it('[HYB6] a query whose words were found compares its sample and word matches in one call each, not every candidate, and ranks as row by row', () => {
    const batched = { rowsAsked: 0 };
    const together = rankInOrder(
      NOTES.map((_, index) => index),
      'refund laptop',
      true,
      { batched },
    );
    // The spread's sample and the word matches, asked in one call each; fewer than every candidate.
    expect(batched.rowsAsked).toBeGreaterThan(0);
    expect(batched.rowsAsked).toBeLessThan(NOTES.length);
    expect(together).toEqual(
      rankInOrder(
        NOTES.map((_, index) => index),
        'refund laptop',
        true,
      ),
    );
  });
});

describe('words in the hybrid score', () => {
  // Two word matches and no vectors (every z is 0): the scores differ by their BM25 scores over the scale.
  function wordGap(scores: [number, number], bestPossible: number): number {
    const lexical = { rows: Int32Array.of(0, 1), scores: Float64Array.from(scores), count: 2, bestPossible };
    const candidates = { rows: Int32Array.of(0, 1), count: 2 };
    const ranked = rankHybrid(lexical, candidates, 2, { similarityAt: () => undefined }, 10);
    expect(ranked.map((result) => result.row)).toEqual([0, 1]);
    return (ranked[0]?.score ?? 0) - (ranked[1]?.score ?? 0);
  }

  it('[HYB2] BM25 is divided by the query’s best possible score, or by the best note’s when that is higher', () => {
    expect(wordGap([2, 1], 8)).toBeCloseTo((2 - 1) / 8, 12);
    expect(wordGap([4, 2], 1)).toBeCloseTo((4 - 2) / 4, 12);
  });
});
