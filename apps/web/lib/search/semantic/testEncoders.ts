import { hashedEmbedder, type SentenceEncoder } from '@baalda/core';
import type { MeaningStore, StoredMeaning } from './noteMeanings';

/**
 * A stand-in for USE lite in tests: the hashed embedder's vectors (256 dimensions), batched, counting the
 * texts it was asked to embed. `meanings` makes chosen texts mean what another text means, as a sentence
 * encoder would make a paraphrase mean its note.
 */
export function standInEncoder(meanings: ReadonlyMap<string, string> = new Map()): SentenceEncoder & {
  embedded: string[];
} {
  const embedded: string[] = [];
  return {
    name: 'hashed-stand-in',
    dimensions: hashedEmbedder.dimensions,
    embedded,
    async embedBatch(texts) {
      embedded.push(...texts);
      return texts.map((text) => hashedEmbedder.embed(meanings.get(text) ?? text));
    },
  };
}

/** A meaning store in memory, as IndexedDB would keep it across page loads. */
export function memoryMeaningStore(): MeaningStore & { records: Map<string, StoredMeaning> } {
  const records = new Map<string, StoredMeaning>();
  return {
    records,
    readAll: async () => [...records.values()],
    write: async (written) => {
      for (const record of written) records.set(record.docId, record);
    },
    remove: async (docIds) => {
      for (const docId of docIds) records.delete(docId);
    },
  };
}
