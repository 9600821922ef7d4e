export { DOC_ID_LENGTH, docIdFromRandomBytes } from './documents/docId';
export {
  type DocumentNameError,
  formatNoteDocumentName,
  isValidDocId,
  NOTE_DOCUMENT_PREFIX,
  parseDocumentName,
} from './documents/documentName';
export { RELAY_ERRORS, type RelayErrorCode } from './errors/relayErrors';
export { LIMITS } from './limits/limits';
export { type NoteRegistration, parseNoteRegistration } from './notes/noteRegistration';
export { deriveTitle, UNTITLED } from './notes/title';
export { type Failure, fail, type Result } from './result';
export {
  type ConnectionStatus,
  describeSyncState,
  type SyncObservation,
  type SyncState,
} from './sync/syncState';
