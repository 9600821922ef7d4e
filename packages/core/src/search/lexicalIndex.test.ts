import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LexicalIndex } from './lexicalIndex';

// Few words, so rewritten rows share most of their terms with what they held, as an edit's do.
const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'echo', 'fox', 'golf', 'hotel', 'india', 'juliet'];
const text = fc.array(fc.constantFrom(...WORDS), { maxLength: 40 }).map((words) => words.join(' '));
const title = fc.array(fc.constantFrom(...WORDS), { maxLength: 3 }).map((words) => words.join(' '));
const ROWS = 12;
const operation = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), row: fc.nat(ROWS - 1), title, text }),
  fc.record({ kind: fc.constant('rename' as const), row: fc.nat(ROWS - 1), title }),
  fc.record({ kind: fc.constant('remove' as const), row: fc.nat(ROWS - 1) }),
);

type Held = { title: string; text: string };

function scoresOf(index: LexicalIndex, query: readonly string[]): Map<number, number> {
  const candidates = { rows: Int32Array.from({ length: ROWS }, (_, row) => row), count: ROWS };
  const scored = index.score(query, candidates, ROWS);
  const scores = new Map<number, number>();
  for (let position = 0; position < scored.count; position += 1)
    scores.set(scored.rows[position] as number, scored.scores[position] as number);
  return scores;
}

describe('a lexical index rewritten in place', () => {
  it('[LEX2] rewriting, renaming and removing rows scores every query as an index built fresh from the rows left', () => {
    fc.assert(
      fc.property(
        fc.array(operation, { maxLength: 80 }),
        fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
        (operations, query) => {
          const index = new LexicalIndex();
          const model = new Map<number, Held>();
          for (const step of operations) {
            if (step.kind === 'set') {
              index.setRow(step.row, step.title, step.text);
              model.set(step.row, { title: step.title, text: step.text });
            } else if (step.kind === 'rename') {
              const held = model.get(step.row);
              if (!held) continue;
              index.setTitle(step.row, step.title);
              model.set(step.row, { ...held, title: step.title });
            } else {
              index.removeRow(step.row);
              model.delete(step.row);
            }
          }
          const fresh = new LexicalIndex();
          for (const [row, held] of model) fresh.setRow(row, held.title, held.text);
          const got = scoresOf(index, query);
          const want = scoresOf(fresh, query);
          expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
          for (const [row, score] of want) expect(got.get(row)).toBeCloseTo(score, 9);
        },
      ),
    );
  });
});
