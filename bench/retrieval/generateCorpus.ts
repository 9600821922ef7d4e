// `npx tsx bench/retrieval/generateCorpus.ts`: writes bench/retrieval/corpus.json. Seeded, so running it
// again writes the same bytes; the committed file is what the benchmark reads.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tokenize } from '@baalda/core';
import type { Corpus, CorpusNote, CorpusQuery, Draft, StaleTrap } from './corpusTypes';
import { accountDrafts } from './families/accounts';
import { decisionDrafts } from './families/decisions';
import { HOW_TOS } from './families/howTos';
import { incidentDrafts } from './families/incidents';
import { meetingDrafts } from './families/meetings';
import { peopleDrafts } from './families/onboarding';
import { PEOPLE } from './families/people';
import { POLICIES } from './families/policies';
import { projectDrafts } from './families/projects';
import { createPicker, isoDay, type Picker } from './families/random';
import { serviceDrafts } from './families/services';

export const CORPUS_SEED = 20_260_401;
export const CORPUS_FILE = join(import.meta.dirname, 'corpus.json');

const MEETINGS = 215;

/** Builds the corpus from the seed alone. */
export function generateCorpus(seed = CORPUS_SEED): Corpus {
  const pick = createPicker(seed);
  const handbook = (draft: Draft) => withReviewLine(draft, pick);
  const drafts: Draft[] = [
    ...serviceDrafts(pick),
    ...incidentDrafts(pick),
    ...POLICIES.map(handbook),
    ...HOW_TOS.map(handbook),
    ...peopleDrafts(pick).map((draft) => (draft.path.startsWith('Onboarding/') ? handbook(draft) : draft)),
    ...decisionDrafts(pick),
    ...projectDrafts(pick),
    ...accountDrafts(pick),
    ...meetingDrafts(pick, MEETINGS),
  ];
  const notes: CorpusNote[] = [];
  const traps: StaleTrap[] = [];
  const queries: CorpusQuery[] = [];
  for (const draft of drafts) {
    const id = `retrievalNote_${String(notes.length + 1).padStart(4, '0')}`;
    notes.push({ id, path: draft.path, text: draft.text });
    if (draft.stale) traps.push(trapFor(id, draft, traps.length, pick));
    for (const query of draft.queries)
      queries.push({ id: `q${String(queries.length + 1).padStart(3, '0')}`, ...query, answerDocId: id });
  }
  const corpus = { seed, notes, traps, queries };
  checkCorpus(corpus);
  return corpus;
}

// Handbook pages end with who reviewed them last, as real ones do; it also lifts short pages over 50 words.
function withReviewLine(draft: Draft, pick: Picker): Draft {
  const line = `Last reviewed ${isoDay(pick.int(250, 700))} by ${pick.pick(PEOPLE)}. Suggest changes in #handbook or edit this page directly.`;
  return { ...draft, text: [...draft.text, line] };
}

function trapFor(noteId: string, draft: Draft, index: number, pick: Picker): StaleTrap {
  const oldText = draft.text.map(
    (paragraph) => draft.stale?.find((change) => change.now === paragraph)?.old ?? paragraph,
  );
  const name = (draft.path.split('/').pop() ?? '').replace(/\.md$/, '');
  const folder = draft.path.split('/').slice(0, -1).join('/');
  const twinPath = pick.chance(0.5) ? `Archive/${name} (old).md` : `${folder}/${name} (old).md`;
  const twinId = `retrievalTwin_${String(index + 1).padStart(4, '0')}`;
  return { noteId, oldText, twin: { id: twinId, path: twinPath, purge: index % 3 === 2 } };
}

const wordCount = (text: readonly string[]) => tokenize(text.join(' ')).length;

function checkCorpus(corpus: Corpus): void {
  const paths = new Set<string>();
  const problems: string[] = [];
  for (const note of corpus.notes) {
    const key = note.path.toLowerCase();
    if (paths.has(key)) problems.push(`duplicate path ${note.path}`);
    paths.add(key);
    const words = wordCount(note.text);
    if (words < 50 || words > 400) problems.push(`${note.path} has ${words} words`);
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  for (const trap of corpus.traps) {
    const note = corpus.notes.find((candidate) => candidate.id === trap.noteId);
    if (!note || note.text.join('\n') === trap.oldText.join('\n'))
      throw new Error(`trap ${trap.noteId} changes nothing`);
    if (paths.has(trap.twin.path.toLowerCase())) throw new Error(`twin path taken: ${trap.twin.path}`);
    paths.add(trap.twin.path.toLowerCase());
  }
  if (corpus.notes.length < 500 || corpus.queries.length < 100 || corpus.traps.length < 30)
    throw new Error(
      `too small: ${corpus.notes.length} notes, ${corpus.queries.length} queries, ${corpus.traps.length} traps`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const corpus = generateCorpus();
  writeFileSync(CORPUS_FILE, `${JSON.stringify(corpus, null, 2)}\n`);
  // Biome formats JSON too; formatting here keeps the file identical to what `biome ci` expects.
  execFileSync('npx', ['biome', 'format', '--write', CORPUS_FILE], { stdio: 'ignore' });
  const kinds = new Map<string, number>();
  for (const query of corpus.queries) kinds.set(query.kind, (kinds.get(query.kind) ?? 0) + 1);
  console.log(
    `${corpus.notes.length} notes, ${corpus.traps.length} stale traps, ${corpus.queries.length} queries`,
    Object.fromEntries(kinds),
  );
}
