import { describe, expect, it } from 'vitest';
import { parseCorpus, readCorpus } from './corpusFile';

describe('the retrieval corpus file', () => {
  it('reads the committed corpus.json: every question answered by a note of the set', () => {
    const corpus = readCorpus();
    expect(corpus.notes.length).toBeGreaterThan(500);
    expect(corpus.queries.length).toBeGreaterThan(100);
  });

  it('refuses a corpus whose question names no note, or that leaves a field out, saying what is wrong', () => {
    const note = { id: 'n1', path: 'A.md', text: ['a'] };
    const query = { id: 'q1', query: 'a', answerDocId: 'n2', kind: 'title' };
    expect(() => parseCorpus(JSON.stringify({ seed: 1, notes: [note], traps: [], queries: [query] }))).toThrow(
      /query q1 answers with n2, no note/,
    );
    expect(() => parseCorpus(JSON.stringify({ seed: 1, notes: [{ id: 'n1' }], traps: [], queries: [] }))).toThrow(
      /corpus\.json is not a retrieval corpus[\s\S]*path/,
    );
  });
});
