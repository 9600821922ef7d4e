import {
  type FolderRestriction,
  hashedEmbedder,
  hiddenFolderKeys,
  type Principal,
  pathKey,
  type VaultRole,
} from '@baalda/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SearchIndex } from './searchIndex';
import { searchNotes } from './searchService';

const NOW = Date.UTC(2026, 11, 1);
const USERS = ['alice', 'bob', 'carol', 'dan'] as const;
const FOLDERS = ['Private', 'Private/Drafts', 'Team', 'Team/Plans', 'HR', 'hr_2026', 'Ünïcode'];
const WORDS = ['launch', 'budget', 'hiring', 'roadmap', 'salary', 'offsite', 'atlas', 'review'];
const QUERIES = ['launch', 'budget roadmap', 'salary review', 'atlas hiring offsite', 'note'];

interface TestNote {
  readonly docId: string;
  readonly path: string;
  readonly text: string;
}

/** The relay's own search copy holding `notes`, as a relay loads and fills it. */
function indexOf(notes: readonly TestNote[]): SearchIndex {
  const index = new SearchIndex(hashedEmbedder.name, hashedEmbedder.dimensions);
  for (const [version, note] of notes.entries()) {
    const place = { vaultId: 'v1', path: note.path, live: true };
    index.setPlace(note.docId, place);
    index.setContent(note.docId, hashedEmbedder.embed(note.text), version + 1, place, note.text);
  }
  return index;
}

function run(index: SearchIndex, query: string, hidden: readonly string[]) {
  const answer = searchNotes(index, hashedEmbedder, { query, vaultId: 'v1', hidden, limit: 50 });
  if (!answer.ok) throw new Error(answer.message);
  return answer.results.map((hit) => [hit.docId, hit.score]);
}

const note = fc
  .tuple(fc.constantFrom(...FOLDERS, ''), fc.integer({ min: 0, max: 999 }), fc.subarray(WORDS, { minLength: 1 }))
  .map(
    ([folder, id, words]): TestNote => ({
      docId: `note${String(id).padStart(16, '0')}`,
      path: `${folder ? `${folder}/` : ''}Note ${id}.md`,
      text: words.join(' '),
    }),
  );
const restriction = fc
  .tuple(fc.constantFrom(...FOLDERS), fc.subarray([...USERS]))
  .map(([folder, members]): FolderRestriction => ({ folderKey: pathKey(folder), members: new Set(members) }));
const roles = fc.tuple(...USERS.map(() => fc.constantFrom<VaultRole | null>('owner', 'editor', 'viewer', null)));

describe('the relay’s search copy under private folders', () => {
  it('[ACL5, SRCH1] for every user and query: results ⊆ readable notes, same order, count and scores as if the rest did not exist', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(note, { selector: (item) => item.docId, minLength: 1, maxLength: 30 }),
        fc.uniqueArray(restriction, { selector: (item) => item.folderKey, maxLength: 4 }),
        roles,
        (notes, restrictions, userRoles) => {
          const everything = indexOf(notes);
          for (const [position, userId] of USERS.entries()) {
            const principal: Principal = { userId, vaultId: 'v1', role: userRoles[position] ?? null };
            const decision = hiddenFolderKeys(principal, restrictions, NOW);
            if (decision.all) continue;
            const readable = notes.filter(
              (item) => !decision.hidden.some((key) => pathKey(item.path).startsWith(`${key}/`)),
            );
            const onlyReadable = indexOf(readable);
            for (const query of QUERIES) {
              const seen = run(everything, query, decision.hidden);
              expect(seen).toEqual(run(onlyReadable, query, []));
              const readableIds = new Set(readable.map((item) => item.docId));
              for (const [docId] of seen) expect(readableIds.has(String(docId))).toBe(true);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
