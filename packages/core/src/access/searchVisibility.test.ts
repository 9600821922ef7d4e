import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashedEmbedder } from '../embedder/hashedEmbedder';
import { pathKey, titleFromPath } from '../paths/notePath';
import { LexicalIndex } from '../search/lexicalIndex';
import { lexicalTermsOf } from '../search/lexicalTerms';
import { rankNotes } from '../search/rankNotes';
import { dotRowMajor, sparseQueryOf } from '../search/sparseQuery';
import { quantizeVectors, semanticSimilarity } from '../semantic/semanticVectors';
import type { FolderRestriction, Principal, VaultRole } from './accessTypes';
import { hiddenFolderKeys, isHiddenPathKey } from './hiddenFolders';

const NOW = Date.UTC(2026, 11, 1);
const USERS = ['alice', 'bob', 'carol'] as const;
const FOLDERS = ['Private', 'Private/Drafts', 'Team', 'Team/Plans', 'HR'];
const WORDS = ['launch', 'budget', 'hiring', 'roadmap', 'salary', 'offsite', 'atlas', 'review'];

interface TestNote {
  readonly path: string;
  readonly text: string;
}

/**
 * Ranks `notes` (row = position) for `query` over the candidates `rows`; answers paths, best first. With
 * `semantic`, ranking is hybrid (HYB1), the hashed vectors standing in for a sentence encoder's: what is
 * checked is whose statistics enter the fusion, not what the vectors mean.
 */
function search(
  notes: readonly TestNote[],
  rows: readonly number[],
  query: string,
  semantic = false,
): Array<[string, number]> {
  const lexical = new LexicalIndex();
  const matrix = new Float32Array(notes.length * 256);
  for (const [row, note] of notes.entries()) {
    lexical.setRow(row, titleFromPath(note.path), note.text);
    matrix.set(hashedEmbedder.embed(note.text), row * 256);
  }
  const sparse = sparseQueryOf(hashedEmbedder.embed(query));
  const queryVector = hashedEmbedder.embed(query);
  const quantized = notes.map((item) => quantizeVectors([hashedEmbedder.embed(item.text)], 256));
  const ranked = rankNotes({
    queryTerms: lexicalTermsOf(query),
    lexical,
    candidates: { rows: Int32Array.from(rows), count: rows.length },
    capacity: notes.length,
    cosineAt: (row) => dotRowMajor(sparse, matrix, row * 256),
    limit: 10,
    semantic: semantic
      ? { similarityAt: (row) => semanticSimilarity(queryVector, quantized[row] ?? quantizeVectors([], 256)) }
      : undefined,
  });
  return ranked.map((entry) => [notes[entry.row]?.path ?? '', entry.score]);
}

const note = fc
  .tuple(fc.constantFrom(...FOLDERS, ''), fc.integer({ min: 0, max: 999 }), fc.subarray(WORDS, { minLength: 1 }))
  .map(
    ([folder, id, words]): TestNote => ({ path: `${folder ? `${folder}/` : ''}Note ${id}.md`, text: words.join(' ') }),
  );
const restriction = fc
  .tuple(fc.constantFrom(...FOLDERS), fc.subarray([...USERS]))
  .map(([folder, members]): FolderRestriction => ({ folderKey: pathKey(folder), members: new Set(members) }));
const principal = fc
  .tuple(fc.constantFrom(...USERS), fc.constantFrom<VaultRole>('owner', 'editor', 'viewer'))
  .map(([userId, role]): Principal => ({ userId, vaultId: 'v1', role }));

describe.each([
  ['lexical', false],
  ['hybrid', true],
])('%s search sees only what its caller may read', (_name, semantic) => {
  it('[ACL5, LEX3, HYB1] results are the readable notes’ results, with the same order and scores as if the rest did not exist', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(note, { selector: (item) => pathKey(item.path), minLength: 1, maxLength: 25 }),
        fc.array(restriction, { maxLength: 3 }),
        principal,
        fc.subarray(WORDS, { minLength: 1, maxLength: 3 }),
        (notes, restrictions, caller, queryWords) => {
          const hidden = hiddenFolderKeys(caller, restrictions, NOW);
          const readable = notes.filter((item) => !hidden.all && !isHiddenPathKey(pathKey(item.path), hidden.hidden));
          const candidates = notes.flatMap((item, row) => (readable.includes(item) ? [row] : []));
          const query = queryWords.join(' ');
          const seen = search(notes, candidates, query, semantic);
          expect(seen).toEqual(
            search(
              readable,
              readable.map((_, row) => row),
              query,
              semantic,
            ),
          );
          for (const [path] of seen) expect(readable.some((item) => item.path === path)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
