// `npx tsx bench/retrieval/generateCorpus.ts`: writes bench/retrieval/corpus.json. Seeded, so running it
// again writes the same bytes; the committed file is what the benchmark reads.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lexicalTermsOf, titleFromPath, tokenize } from '@baalda/core';
import type { Corpus, CorpusNote, CorpusQuery, Draft, StaleTrap } from './corpusTypes';
import { accountDrafts } from './families/accounts';
import { decisionDrafts } from './families/decisions';
import { HOW_TOS } from './families/howTos';
import { incidentDrafts } from './families/incidents';
import { meetingDrafts } from './families/meetings';
import { peopleDrafts } from './families/onboarding';
import { PARAPHRASES } from './families/paraphrases';
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
  queries.push(...paraphraseQueries(notes, queries.length));
  const corpus = { seed, notes, traps, queries };
  checkCorpus(corpus);
  return corpus;
}

/** The no-shared-word paraphrases, after every other query so that adding them renumbers nothing. */
function paraphraseQueries(notes: readonly CorpusNote[], numbered: number): CorpusQuery[] {
  const queries: CorpusQuery[] = [];
  for (const [path, phrasings] of Object.entries(PARAPHRASES)) {
    const note = notes.find((candidate) => candidate.path === path);
    if (!note) throw new Error(`paraphrase for a note that doesn't exist: ${path}`);
    for (const query of phrasings) {
      const shared = sharedContentWords(query, note);
      if (shared.length > 0) throw new Error(`"${query}" shares ${shared.join(', ')} with ${path}`);
      const id = `q${String(numbered + queries.length + 1).padStart(3, '0')}`;
      queries.push({ id, query, answerDocId: note.id, kind: 'paraphrase' });
    }
  }
  return queries;
}

// Words that carry no topic; a paraphrase may share these with its note and nothing else.
const FUNCTION_WORDS = new Set(
  `a about after all am an and any are as at be been before being but by can could did do does during for from
   get got had has have how i if in into is it its may me might must my no not now of on onto or our out so than
   that the their them then there these they this those to up us was we were what when where which who whom why
   will with would you your`.split(/\s+/),
);

/**
 * The query's content words that its note also holds, compared as search compares them (LEX1 terms) and,
 * stricter than search, by their first five letters too, so "traveller" counts as sharing "travel".
 */
export function sharedContentWords(query: string, note: CorpusNote): string[] {
  const noteTerms = new Set(lexicalTermsOf(`${titleFromPath(note.path)} ${note.text.join(' ')}`));
  const prefixes = new Set([...noteTerms].filter((term) => term.length >= 5).map((term) => term.slice(0, 5)));
  return lexicalTermsOf(query).filter(
    (term) =>
      !FUNCTION_WORDS.has(term) && (noteTerms.has(term) || (term.length >= 5 && prefixes.has(term.slice(0, 5)))),
  );
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
