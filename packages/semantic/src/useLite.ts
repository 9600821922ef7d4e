// Universal Sentence Encoder lite over tfjs. This module does no I/O and picks no backend: the caller passes
// its tfjs-core namespace (with a backend ready) and the files' contents, so the same code runs in the relay
// (nodeFiles.ts) and in a browser.
import { type SentenceEncoder as CoreSentenceEncoder, USE_LITE } from '@baalda/core';
import { type GraphModel, loadGraphModel } from '@tensorflow/tfjs-converter';
import type * as tfCore from '@tensorflow/tfjs-core';
import { planModelCalls } from './embedBatches';
import type { VocabularyEntry } from './pieceTrie';
import { createSentencePieceTokenizer, type SentencePieceTokenizer } from './sentencePiece';
import type { UseLiteModelJson } from './useLiteFiles';

/** Core's encoder (SEMV1), whose vectors each own their buffer, so they can be posted between threads. */
export interface SentenceEncoder extends CoreSentenceEncoder {
  embedBatch(texts: readonly string[]): Promise<Float32Array<ArrayBuffer>[]>;
}

/** What `loadUseLite` needs: a tfjs-core namespace with a ready backend, and the model's files. */
export interface UseLiteInputs {
  readonly tf: typeof tfCore;
  readonly modelJson: UseLiteModelJson;
  /** The weight files of `modelJson`'s manifest, concatenated in order. */
  readonly weightData: ArrayBuffer;
  readonly vocabulary: readonly VocabularyEntry[];
}

/** The encoder's stable name (SEM4): stored with its vectors, so vectors of two encoders are never compared. */
export const USE_LITE_NAME = USE_LITE.name;
/** Length of every USE lite vector. */
export const USE_LITE_DIMENSIONS = USE_LITE.dimensions;

/** Builds the model from memory and returns its encoder. */
export async function loadUseLite({ tf, modelJson, weightData, vocabulary }: UseLiteInputs): Promise<SentenceEncoder> {
  const model = await loadGraphModel(
    tf.io.fromMemory({
      modelTopology: modelJson.modelTopology,
      weightSpecs: modelJson.weightsManifest.flatMap((group) => group.weights),
      weightData,
    }),
  );
  const tokenizer = createSentencePieceTokenizer(vocabulary);
  return {
    name: USE_LITE_NAME,
    dimensions: USE_LITE_DIMENSIONS,
    embedBatch: (texts) => embedTexts(tf, model, tokenizer, texts),
  };
}

async function embedTexts(
  tf: typeof tfCore,
  model: GraphModel,
  tokenizer: SentencePieceTokenizer,
  texts: readonly string[],
): Promise<Float32Array<ArrayBuffer>[]> {
  const vectors = texts.map(() => new Float32Array(USE_LITE_DIMENSIONS));
  // A blank text stays all zeros: the model would give it a vector, but one that means nothing.
  const nonBlank = texts.flatMap((text, index) => (text.trim() === '' ? [] : [index]));
  const pieces = nonBlank.map((index) => tokenizer.encode(texts[index] ?? ''));
  for (const call of planModelCalls(pieces.map((ids) => ids.length))) {
    const rows = await runModel(
      tf,
      model,
      call.map((position) => pieces[position] ?? []),
    );
    for (const [row, position] of call.entries()) {
      const target = vectors[nonBlank[position] ?? -1];
      if (target) target.set(normalize(rows.subarray(row * USE_LITE_DIMENSIONS, (row + 1) * USE_LITE_DIMENSIONS)));
    }
  }
  return vectors;
}

/** One model call: the texts' ids as a sparse [text, position] matrix in, a [texts, 512] matrix out. */
async function runModel(tf: typeof tfCore, model: GraphModel, texts: readonly number[][]): Promise<Float32Array> {
  const coordinates = texts.flatMap((ids, text) => ids.flatMap((_, position) => [text, position]));
  const indices = tf.tensor2d(coordinates, [coordinates.length / 2, 2], 'int32');
  const values = tf.tensor1d(texts.flat(), 'int32');
  let output: tfCore.Tensor | tfCore.Tensor[] | undefined;
  try {
    output = await model.executeAsync({ indices, values });
    const [embeddings] = Array.isArray(output) ? output : [output];
    if (!embeddings || embeddings.shape.join() !== `${texts.length},${USE_LITE_DIMENSIONS}`)
      throw new Error(`USE lite gave shape [${embeddings?.shape}] for ${texts.length} texts`);
    return Float32Array.from(await embeddings.data());
  } finally {
    tf.dispose([indices, values, ...(output === undefined ? [] : [output].flat())]);
  }
}

/** `vector` scaled to unit length (the model's are close to it already); all zeros stays all zeros. */
function normalize(vector: Float32Array): Float32Array {
  let squares = 0;
  for (const value of vector) squares += value * value;
  const length = Math.sqrt(squares);
  return length > 0 ? vector.map((value) => value / length) : vector;
}
