import type { Embedder } from './embedder';
import { hashedEmbedder } from './hashedEmbedder';

/** EMB1: every embedder a reindex may choose, by name. */
export const EMBEDDERS: ReadonlyMap<string, Embedder> = new Map([[hashedEmbedder.name, hashedEmbedder]]);

/** The embedder called `name`, or undefined when none is registered under it. */
export function embedderByName(name: string): Embedder | undefined {
  return EMBEDDERS.get(name);
}

/**
 * SEM4: Universal Sentence Encoder lite's name and vector length, here so that code which only needs to
 * know them (the relay's main thread, the web app's pages) never loads the model's package and tfjs.
 */
export const USE_LITE = { name: 'use-lite-512-v1', dimensions: 512 } as const;

/**
 * SEMV5: the sentence encoders a relay may run (their vectors are computed off the event loop, so they are
 * named here, not registered as `Embedder`s): `reindex` accepts these names too.
 */
export const SENTENCE_ENCODER_NAMES: ReadonlySet<string> = new Set([USE_LITE.name]);

/** Every name a reindex may be asked for: row embedders and sentence encoders. */
export function reindexableNames(): string[] {
  return [...EMBEDDERS.keys(), ...SENTENCE_ENCODER_NAMES];
}
