export { MAX_PADDED_PIECES_PER_CALL } from './embedBatches';
export type { VocabularyEntry } from './pieceTrie';
export { createSentencePieceTokenizer, type SentencePieceTokenizer } from './sentencePiece';
export { MAX_CHARS_PER_TEXT, MAX_PIECES_PER_TEXT } from './textBudget';
export {
  loadUseLite,
  type SentenceEncoder,
  USE_LITE_DIMENSIONS,
  USE_LITE_NAME,
  type UseLiteInputs,
} from './useLite';
export {
  parseUseLiteModelJson,
  parseUseLiteVocabulary,
  type UseLiteModelJson,
  weightFilesOf,
} from './useLiteFiles';
