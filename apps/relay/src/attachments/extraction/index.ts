/** Text extraction for uploaded attachments, each file read in a separate process under time and memory limits. */
export type {
  ExtractionFailureCode,
  ExtractionFormat,
  ExtractionLimits,
  ExtractionResult,
  TextExtractor,
} from './extractionTypes';
export { DEFAULT_EXTRACTION_LIMITS } from './extractionTypes';
export { createTextExtractor } from './textExtractor';
