// Reads the committed corpus (corpus.json, written by generateCorpus.ts) through a schema: a hand edit or a
// generator change that leaves a field out, or a question whose answer note is not in the set, is refused with
// what is wrong instead of scoring every query as a miss.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Corpus } from './corpusTypes';

const CORPUS_FILE = join(import.meta.dirname, 'corpus.json');

const paragraphs = z.array(z.string());

const corpusSchema = z
  .object({
    seed: z.number().int(),
    notes: z.array(z.object({ id: z.string().min(1), path: z.string().min(1), text: paragraphs })),
    traps: z.array(
      z.object({
        noteId: z.string(),
        oldText: paragraphs,
        twin: z.object({ id: z.string().min(1), path: z.string().min(1), purge: z.boolean() }),
      }),
    ),
    queries: z.array(
      z.object({
        id: z.string().min(1),
        query: z.string().min(1),
        answerDocId: z.string(),
        kind: z.enum(['title', 'content', 'paraphrase-ish', 'stale-trap', 'paraphrase']),
      }),
    ),
  })
  .superRefine((corpus, context) => {
    const noteIds = new Set(corpus.notes.map((note) => note.id));
    for (const query of corpus.queries)
      if (!noteIds.has(query.answerDocId))
        context.addIssue({ code: 'custom', message: `query ${query.id} answers with ${query.answerDocId}, no note` });
    for (const trap of corpus.traps)
      if (!noteIds.has(trap.noteId))
        context.addIssue({ code: 'custom', message: `a stale trap names ${trap.noteId}, no note` });
  }) satisfies z.ZodType<Corpus>;

/** The corpus in `text` (corpus.json's JSON); throws, saying what is wrong, when it is not one. */
export function parseCorpus(text: string): Corpus {
  const parsed = corpusSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`corpus.json is not a retrieval corpus: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The committed corpus (bench/retrieval/corpus.json). */
export function readCorpus(): Corpus {
  return parseCorpus(readFileSync(CORPUS_FILE, 'utf8'));
}
