import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fnv1a32, hashedEmbedder } from '../embedder/hashedEmbedder';
import { LexicalIndex } from './lexicalIndex';
import { lexicalTermsOf, stemLightly } from './lexicalTerms';
import { rankNotes } from './rankNotes';
import { dotRowMajor, sparseQueryOf } from './sparseQuery';
import { TopList } from './topList';

interface TestNote {
  readonly title: string;
  readonly text: string;
}

/** Ranks `notes` (row = position) for `query`, candidates = every row unless given. */
function rank(notes: readonly TestNote[], query: string, options: { candidates?: number[]; limit?: number } = {}) {
  const lexical = new LexicalIndex();
  const matrix = new Float32Array(notes.length * 256);
  for (const [row, note] of notes.entries()) {
    lexical.setRow(row, note.title, note.text);
    matrix.set(hashedEmbedder.embed(note.text), row * 256);
  }
  const rows = Int32Array.from(options.candidates ?? notes.map((_, row) => row));
  const sparse = sparseQueryOf(hashedEmbedder.embed(query));
  return rankNotes({
    queryTerms: lexicalTermsOf(query),
    lexical,
    candidates: { rows, count: rows.length },
    capacity: notes.length,
    cosineAt: (row) => dotRowMajor(sparse, matrix, row * 256),
    limit: options.limit ?? 10,
  }).map((entry) => entry.row);
}

// A word on the same dimension as `word` with the same sign: the two look alike to the hashed vector.
function collidingWordFor(word: string): string {
  const slotAndSign = (token: string) => fnv1a32(token) & 0x1ff;
  for (let index = 0; ; index += 1) if (slotAndSign(`other${index}`) === slotAndSign(word)) return `other${index}`;
}

describe('ranking', () => {
  it('[LEX3] the note whose text holds the query’s words ranks first; notes with none are left out', () => {
    const notes = [
      { title: 'Wifi', text: 'the office wifi password' },
      { title: 'Refunds', text: 'refunds are paid within thirty days' },
      { title: 'Holidays', text: 'holiday calendar' },
    ];
    expect(rank(notes, 'refunds within thirty days')).toEqual([1]);
  });

  it('[SRCH1] only candidates are scored, and the limit holds', () => {
    const notes = Array.from({ length: 3 }, () => ({ title: 'Same', text: 'alpha beta' }));
    expect(rank(notes, 'alpha', { candidates: [2, 0], limit: 1 })).toEqual([0]);
  });

  it('[LEX2] a title match lifts a note above one that only mentions the words', () => {
    const notes = [
      { title: 'Support handbook', text: 'tickets about shipping billing refund policy warranty returns invoices' },
      { title: 'Refund policy', text: 'a refund is possible within thirty days' },
    ];
    expect(rank(notes, 'refund policy')).toEqual([1, 0]);
  });

  it('[LEX3] a note whose vector collides with the query but holds none of its words is never returned', () => {
    const other = collidingWordFor('payroll');
    const notes = [
      { title: 'A', text: `${other} ${other}` },
      { title: 'B', text: 'payroll runs monthly' },
    ];
    expect(rank(notes, other)).toEqual([0]);
    expect(rank(notes, 'payroll')).toEqual([1]);
  });

  it('[LEX2] a rare word outweighs common ones; every word held outranks some', () => {
    const chatter = Array.from({ length: 8 }, (_, index) => ({ title: `Chat ${index}`, text: 'what do we do now' }));
    const notes = [
      { title: 'A', text: 'what do we do when the alert fired' },
      { title: 'B', text: 'SubscriptionsOOMKilled fired: restart the worker' },
      ...chatter,
    ];
    expect(rank(notes, 'SubscriptionsOOMKilled fired what do I do')[0]).toBe(1);
  });

  it('[LEX3] statistics come from the candidates alone: a hidden note cannot change a visible score', () => {
    const visible = [
      { title: 'Plan', text: 'launch plan for the atlas project' },
      { title: 'Notes', text: 'atlas retro notes' },
    ];
    const lexical = (notes: readonly TestNote[]) => {
      const index = new LexicalIndex();
      for (const [row, note] of notes.entries()) index.setRow(row, note.title, note.text);
      return index.score(lexicalTermsOf('atlas launch'), { rows: Int32Array.from([0, 1]), count: 2 }, notes.length);
    };
    const hidden = Array.from({ length: 20 }, () => ({ title: 'Secret', text: 'atlas atlas launch' }));
    expect([...lexical([...visible, ...hidden]).scores]).toEqual([...lexical(visible).scores]);
  });

  it('[LEX2] an edit replaces a row’s terms in place: old words stop matching, new ones match', () => {
    const index = new LexicalIndex();
    index.setRow(0, 'Owner', 'the rollout owner is falcon');
    index.setRow(0, 'Owner', 'the rollout owner is heron');
    const all = { rows: Int32Array.from([0]), count: 1 };
    expect(index.score(['falcon'], all, 1).count).toBe(0);
    expect(index.score(['heron'], all, 1).count).toBe(1);
    index.removeRow(0);
    expect(index.score(['heron'], all, 1).count).toBe(0);
  });

  it('[LEX2] words no note holds any more cost no posting list: 1,000 edits with fresh ids hold as many lists as the last text', () => {
    const index = new LexicalIndex();
    for (let edit = 0; edit < 1000; edit += 1) index.setRow(edit % 3, 'Log', `entry ticket${edit} closed`);
    const all = { rows: Int32Array.from([0, 1, 2]), count: 3 };
    // ticket997–999, plus entry, closed and the title's log.
    expect(index.heldListCount).toBe(3 + 3);
    expect(index.score(['ticket999'], all, 3).count).toBe(1);
    expect(index.score(['ticket5'], all, 3).count).toBe(0);
    index.setTitle(0, 'Journal');
    index.setTitle(1, 'Journal');
    index.setTitle(2, 'Journal');
    // log gave its list back; journal has one.
    expect(index.heldListCount).toBe(3 + 3);
    expect(index.score(['log'], all, 3).count).toBe(0);
    expect(index.score(['journal', 'ticket998'], all, 3).count).toBe(3);
  });

  it('[LEX2] a rename moves only the title’s terms: the old name stops matching, the text still does', () => {
    const index = new LexicalIndex();
    index.setRow(0, 'Falcon plan', 'launch steps and owners');
    index.setTitle(0, 'Heron plan');
    const all = { rows: Int32Array.from([0]), count: 1 };
    expect(index.score(['falcon'], all, 1).count).toBe(0);
    expect(index.score(['heron'], all, 1).count).toBe(1);
    expect(index.score(['launch'], all, 1).count).toBe(1);
    const renamedTwice = new LexicalIndex();
    renamedTwice.setRow(0, 'Heron plan', 'launch steps and owners');
    expect([...index.score(['plan', 'launch'], all, 1).scores]).toEqual([
      ...renamedTwice.score(['plan', 'launch'], all, 1).scores,
    ]);
  });

  it('[LEX1] light stemming joins plurals and verb forms, and leaves ids alone', () => {
    expect(['policies', 'runbooks', 'fired', 'fires', 'renewals'].map(stemLightly)).toEqual([
      'policy',
      'runbook',
      'fir',
      'fir',
      'renewal',
    ]);
    expect(['http2', 'ss', 'class', 'go'].map(stemLightly)).toEqual(['http2', 'ss', 'class', 'go']);
    expect(rank([{ title: 'Laptops', text: 'how to order laptops' }], 'laptop')).toEqual([0]);
  });

  it('[SRCH1] the top list keeps the best `limit`, best first, ties to the lower row, nothing at or below 0', () => {
    const top = new TopList(3);
    for (const [row, score] of [
      [5, 0.5],
      [2, 0.5],
      [9, 0.9],
      [1, 0],
      [3, -0.2],
      [7, 0.1],
      [4, 0.7],
    ] as const)
      top.offer(row, score);
    expect(top.toArray()).toEqual([
      { row: 9, score: 0.9 },
      { row: 4, score: 0.7 },
      { row: 2, score: 0.5 },
    ]);
  });

  it('[SRCH4] a sparse query keeps exactly the nonzero dimensions, ascending', () => {
    const query = sparseQueryOf(new Float32Array([0, 0.6, 0, -0.8]));
    expect([...query.dims]).toEqual([1, 3]);
    expect([...query.weights]).toEqual([Math.fround(0.6), Math.fround(-0.8)]);
  });

  it('[LEX4] skipping matches whose words can’t reach the first page changes no result', () => {
    const words = ['alpha', 'beta', 'gamma', 'delta', 'omega'];
    const noteArbitrary = fc
      .array(fc.constantFrom(...words), { minLength: 1, maxLength: 12 })
      .map((picked) => picked.join(' '));
    fc.assert(
      fc.property(
        fc.array(noteArbitrary, { minLength: 1, maxLength: 40 }),
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 40, maxLength: 40 }),
        fc.integer({ min: 1, max: 12 }),
        fc.subarray(words, { minLength: 1 }),
        (texts, cosines, limit, queryWords) => {
          const lexical = new LexicalIndex();
          for (const [row, text] of texts.entries()) lexical.setRow(row, '', text);
          const rows = Int32Array.from(texts.keys());
          const queryTerms = lexicalTermsOf(queryWords.join(' '));
          const cosineAt = (row: number) => cosines[row] ?? 0;
          const ranked = rankNotes({
            queryTerms,
            lexical,
            candidates: { rows, count: rows.length },
            capacity: texts.length,
            cosineAt,
            limit,
          });
          // Every match offered, as before the floor.
          const scores = lexical.score(queryTerms, { rows, count: rows.length }, texts.length);
          const everyMatch = new TopList(limit);
          for (let index = 0; index < scores.count; index += 1) {
            const row = scores.rows[index] as number;
            everyMatch.offer(row, (scores.scores[index] as number) + 0.5 * Math.max(cosineAt(row), 0));
          }
          expect(ranked).toEqual(everyMatch.toArray());
        },
      ),
    );
  });
});
