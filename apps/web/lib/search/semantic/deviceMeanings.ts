import type { QuantizedVectors } from '@baalda/core';
import type { EncoderOnDemand } from './encoderOnDemand';
import type { NoteMeanings, NoteVectors } from './noteMeanings';

/** HYB1's semantic side on this device: the query's vector and each note's vectors by docId. */
export interface DeviceSemantic {
  readonly query: Float32Array;
  vectorsOf(docId: string): QuantizedVectors | null | undefined;
}

/** The meaning of one palette's notes, computed in the background from its first offline search. */
export interface SessionMeanings {
  /** Resolves once the model is loaded and every note has its vectors; never, when the model can't be loaded. */
  readonly ready: Promise<void>;
  isReady(): boolean;
  /** The semantic side for `query`; undefined until ready, or when the query can't be embedded. */
  semanticFor(query: string): Promise<DeviceSemantic | undefined>;
}

/** Starts computing the meaning of a session's notes. */
export interface DeviceMeanings {
  startSession(texts: ReadonlyMap<string, string>): SessionMeanings;
}

// Recent queries' vectors (as the relay keeps them): a person refining a search costs no model call.
const CACHED_QUERIES = 64;
const NEVER = new Promise<never>(() => {});

/**
 * SEMW5: meaning is used only once every note of the session has its vectors, so a device ranks as the
 * relay does (whose z-scores are over all candidates) or by words alone, never by half its notes.
 */
export function createDeviceMeanings(encoders: EncoderOnDemand, meanings: NoteMeanings): DeviceMeanings {
  const queries = new Map<string, Float32Array>();
  const queryVector = async (query: string): Promise<Float32Array | undefined> => {
    const encoder = await encoders.get();
    const key = `${encoder.name}\n${query}`;
    const cached = queries.get(key);
    if (cached) return cached;
    const [vector] = await encoder.embedBatch([query]);
    if (!vector) return undefined;
    queries.set(key, vector);
    if (queries.size > CACHED_QUERIES) queries.delete(queries.keys().next().value as string);
    return vector;
  };
  return {
    startSession(texts) {
      let vectors: NoteVectors | null = null;
      const ready = encoders
        .get()
        .then((encoder) => meanings.vectorsFor(encoder, texts))
        .then(
          (computed) => {
            vectors = computed;
          },
          (error: unknown) => {
            // SEMW6: words alone, as before; the next palette tries again.
            console.info('Search on this device is by words: its sentence encoder is not available.', error);
            return NEVER;
          },
        );
      return {
        ready,
        isReady: () => vectors !== null,
        async semanticFor(query) {
          const known = vectors;
          if (!known) return undefined;
          const vector = await queryVector(query).catch(() => undefined);
          return vector && { query: vector, vectorsOf: (docId) => known.get(docId) };
        },
      };
    },
  };
}
