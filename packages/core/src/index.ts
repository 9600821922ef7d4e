export { conflictPath, isConflictPath, utcDateOf } from './conflicts/conflictName';
export { DOC_ID_LENGTH, docIdFromRandomBytes } from './documents/docId';
export {
  type DocumentAddress,
  type DocumentNameError,
  formatNoteDocumentName,
  formatVaultDocumentName,
  isValidDocId,
  isValidVaultId,
  NOTE_DOCUMENT_PREFIX,
  parseDocumentName,
  VAULT_DOCUMENT_PREFIX,
} from './documents/documentName';
export { EDITOR_FRAGMENT, extractPlainText } from './documents/plainText';
export type { Embedder } from './embedder/embedder';
export { EMBEDDERS, embedderByName } from './embedder/embedders';
export { fnv1a32, hashedEmbedder } from './embedder/hashedEmbedder';
export { tokenize } from './embedder/tokenize';
export { RELAY_ERRORS, type RelayErrorCode } from './errors/relayErrors';
export { LIMITS } from './limits/limits';
export { deriveTitle, UNTITLED } from './notes/title';
export {
  ancestorFoldersOf,
  fileNameOf,
  isInsideFolder,
  joinPath,
  NOTE_EXTENSION,
  type PathFailure,
  type PathResult,
  type PathRule,
  parentFolderOf,
  pathKey,
  titleFromPath,
  validateFolderPath,
  validateNotePath,
} from './paths/notePath';
export { type Failure, fail, type Result } from './result';
export { type RankCandidate, rankCandidates, TITLE_BOOST, titleBoost } from './search/rankNotes';
export { sourceVersionOf } from './search/sourceVersion';
export {
  type ConnectionStatus,
  describeSyncState,
  type SyncObservation,
  type SyncState,
} from './sync/syncState';
export { createMemoryVault, type ExplicitFolders, type MemoryVault, type VaultTree } from './vault/memoryVault';
export { planVaultOp } from './vault/planVaultOp';
export {
  type CreateFolderOp,
  type CreateNoteOp,
  type EmptyTrashOp,
  type MoveFolderOp,
  type MoveNoteOp,
  type PurgeNoteOp,
  parseVaultOp,
  parseVaultOpBatch,
  type RestoreNoteOp,
  type TrashFolderOp,
  type TrashNoteOp,
  type VaultOp,
  type VaultOpKind,
} from './vault/vaultOps';
export type { OpOutcome, VaultChange, VaultNote, VaultOpErrorCode, VaultView } from './vault/vaultTypes';
