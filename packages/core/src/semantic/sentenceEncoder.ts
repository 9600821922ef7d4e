/**
 * SEMV1: a sentence encoder — text to a unit vector by meaning — as the relay's worker threads and the
 * browser's Web Worker run it. Asynchronous (a model, not a hash), and batched, because one call per text
 * would pay the model's fixed cost every time.
 */
export interface SentenceEncoder {
  /** Stored with every vector (`note_index.semantic_embedder`); changes whenever the output would. */
  readonly name: string;
  readonly dimensions: number;
  /** One unit-length vector per text (all zeros for text with nothing to read), in order. */
  embedBatch(texts: readonly string[]): Promise<Float32Array[]>;
}
