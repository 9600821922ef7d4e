import type { Embedder } from './embedder';
import { hashedEmbedder } from './hashedEmbedder';

/** EMB1: every embedder a reindex may choose, by name. */
export const EMBEDDERS: ReadonlyMap<string, Embedder> = new Map([[hashedEmbedder.name, hashedEmbedder]]);

/** The embedder called `name`, or undefined when none is registered under it. */
export function embedderByName(name: string): Embedder | undefined {
  return EMBEDDERS.get(name);
}
