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

  it('[SRCH2, ACL5] candidate sets kept between queries follow every move, trash, restore and purge', () => {
    const change = fc.tuple(
      fc.integer({ min: 0, max: 9 }),
      fc.constantFrom('move', 'trash', 'restore', 'purge', 'edit'),
      fc.constantFrom(...FOLDERS, ''),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(note, { selector: (item) => item.docId, minLength: 10, maxLength: 10 }),
        fc.array(change, { maxLength: 25 }),
        (notes, changes) => {
          const held = new Map(notes.map((item) => [item.docId, { ...item, live: true }]));
          const index = indexOf(notes);
          let version = notes.length;
          for (const [which, kind, folder] of changes) {
            const docId = notes[which]?.docId ?? '';
            const current = held.get(docId);
            // Queried before each change, so a stale kept set would answer the next query.
            for (const hidden of HIDDEN_SETS) run(index, 'launch budget note', hidden);
            if (!current) continue;
            if (kind === 'purge') {
              index.remove(docId);
              held.delete(docId);
              continue;
            }
            const path = kind === 'move' ? `${folder ? `${folder}/` : ''}Note ${which}.md` : current.path;
            const live = kind === 'trash' ? false : kind === 'restore' ? true : current.live;
            const text = kind === 'edit' ? `${current.text} launch` : current.text;
            const next = { ...current, path, live, text };
            held.set(docId, next);
            index.setPlace(docId, { vaultId: 'v1', path, live });
            version += 1;
            index.setContent(docId, hashedEmbedder.embed(text), version, { vaultId: 'v1', path, live }, text);
          }
          const fresh = indexOf([...held.values()].filter((item) => item.live));
          for (const hidden of HIDDEN_SETS)
            for (const query of QUERIES)
              expect(bySet(run(index, query, hidden))).toEqual(bySet(run(fresh, query, hidden)));
        },
      ),
      { numRuns: 150 },
    );
  });
});

const HIDDEN_SETS: ReadonlyArray<readonly string[]> = [[], [pathKey('Private')], [pathKey('Team'), pathKey('HR')]];

// Row numbers differ between a changed copy and a fresh one, so ties may come in another order.
function bySet(hits: Array<Array<string | number>>): string[] {
  return hits.map((hit) => JSON.stringify(hit)).sort();
}
