import { semanticSectionsOf } from './semanticSections';
import { type QuantizedVectors, quantizeVectors } from './semanticVectors';
import type { SentenceEncoder } from './sentenceEncoder';

/**
 * SEMV2/SEMV3: the quantized vectors of several notes' texts (whole text, then sections), from one batch
 * call to the encoder. A note with nothing to read gets null: it has no meaning to match.
 */
export async function noteVectorsOf(
  encoder: SentenceEncoder,
  texts: readonly string[],
): Promise<Array<QuantizedVectors | null>> {
  const parts = texts.map((text) => {
    const { whole, sections } = semanticSectionsOf(text);
    return whole ? [whole, ...sections] : [];
  });
  const vectors = await encoder.embedBatch(parts.flat());
  let next = 0;
  return parts.map((noteParts) => {
    const own = vectors.slice(next, next + noteParts.length);
    next += noteParts.length;
    return own.length > 0 ? quantizeVectors(own, encoder.dimensions) : null;
  });
}
