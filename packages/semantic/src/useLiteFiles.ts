// The shapes of USE lite's files (`model.json`, `vocab.json`), parsed wherever they are read: the relay reads
// them from disk, a browser would fetch them. Parsing here, not casting, means a wrong file fails on load with a
// message that names the field, not later inside tfjs.
// The namespace import lets a bundler drop the parts of zod this file doesn't use (454 KB → 85 KB in the
// browser's worker).
import * as z from 'zod';
import type { VocabularyEntry } from './pieceTrie';

const weightSpecSchema = z.object({
  name: z.string(),
  shape: z.array(z.number().int().nonnegative()),
  dtype: z.enum(['float32', 'int32', 'bool', 'string', 'complex64']),
});

const modelJsonSchema = z.object({
  modelTopology: z.record(z.string(), z.unknown()),
  weightsManifest: z.array(z.object({ paths: z.array(z.string()), weights: z.array(weightSpecSchema) })).min(1),
});

/** USE lite's `model.json`: the graph and which weight files hold which weights, in order. */
export type UseLiteModelJson = z.infer<typeof modelJsonSchema>;

const vocabularySchema = z.array(z.tuple([z.string(), z.number().nullable()])).min(1);

/** Parses `model.json`; throws when it is not a tfjs graph model with a weights manifest. */
export function parseUseLiteModelJson(json: unknown): UseLiteModelJson {
  return modelJsonSchema.parse(json);
}

/** Parses `vocab.json`; throws when it is not a list of `[piece, score]`. */
export function parseUseLiteVocabulary(json: unknown): readonly VocabularyEntry[] {
  return vocabularySchema.parse(json);
}

/** The weight files `model.json` names, in the order their bytes are concatenated into `weightData`. */
export function weightFilesOf(modelJson: UseLiteModelJson): string[] {
  return modelJson.weightsManifest.flatMap((group) => group.paths);
}
