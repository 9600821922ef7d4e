export { canReadPath, canWritePath, vaultAccessDecision } from './access/accessDecision';
export type { FolderRestriction, Principal, PrincipalToken, VaultRole } from './access/accessTypes';
export { hiddenFolderKeys, isHiddenPathKey, likePrefixPatternOf } from './access/hiddenFolders';
export { isReadableByEveryReaderOf } from './access/privateFolders';
export { type RestrictionChangeReason, restrictionChangeDecision } from './access/restrictionChange';
export { hasRoleAtLeast, isVaultRole, VAULT_ROLES } from './access/roles';
export { tokenRefusalOf } from './access/tokens';
export { callerVaultView, hiddenFolderRefusal, mayApplyChange, pathsAnOpWrites } from './access/vaultOpAccess';
export { parseDays, parseDisplayName, parseEmail, parsePassword } from './accounts/accountInput';
export {
  ACCESS_TOKEN_PREFIX,
  bearerTokenOf,
  isAccessTokenShape,
  isSecretShape,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  sessionCookieName,
  sessionSecretFromCookie,
  sessionSecretsFromCookie,
} from './accounts/secretFormats';
export { SIGN_IN_THROTTLE, SignInThrottle } from './accounts/signInThrottle';
export { SIGN_UP_LIMITS } from './accounts/signUpLimits';
export { personalVaultId, vaultIdFromName } from './accounts/vaultIds';
export { attachmentTypeOf, type ExtractionFormat } from './attachments/attachmentTypes';
export { conflictPath, isConflictPath } from './conflicts/conflictName';
export {
  AUTH_STATE_ANSWER,
  ERROR_ANSWER,
  HEALTH_ANSWER,
  INVITE_CREATED_ANSWER,
  INVITE_OFFER_ANSWER,
  MEMBER_CHANGED_ANSWER,
  MEMBER_ENTRY,
  MEMBER_LIST_ANSWER,
  OAUTH_AUTHORIZATION_ANSWER,
  OAUTH_DECISION_ANSWER,
  PASSWORD_CHANGED_ANSWER,
  PERSON_ENTRY,
  RESTRICTION_LIST_ANSWER,
  RESTRICTION_SAVED_ANSWER,
  SESSION_ANSWER,
  TOKEN_CREATED_ANSWER,
  TOKEN_ENTRY,
  TOKEN_LIST_ANSWER,
  USER_ANSWER,
  VAULT_CREATED_ANSWER,
  VAULT_ENTRY,
  VAULT_LIST_ANSWER,
} from './contracts/accessAnswers';
export {
  ADMIN_PASSWORD_RESET_ANSWER,
  ADMIN_RESTRICTED_ANSWER,
  ADMIN_ROLE_SET_ANSWER,
  ADMIN_TOKEN_LIST_ANSWER,
  ADMIN_TOKEN_REVOKED_ANSWER,
  ADMIN_UNRESTRICTED_ANSWER,
  ADMIN_USER_CREATED_ANSWER,
  ADMIN_USER_DISABLED_ANSWER,
  ADMIN_VAULT_CREATED_ANSWER,
  REINDEX_LINE,
} from './contracts/adminAnswers';
export {
  ATTACHMENT_META_ANSWER,
  ATTACHMENT_STORED_ANSWER,
  ATTACHMENT_TEXT_ANSWER,
} from './contracts/attachmentAnswers';
export {
  ADMIN_BODY,
  ADMIN_DISABLED_BODY,
  ADMIN_PASSWORD_BODY,
  CHANGE_PASSWORD_BODY,
  CREATE_INVITE_BODY,
  CREATE_TOKEN_BODY,
  CREATE_VAULT_BODY,
  OAUTH_APPROVE_BODY,
  PUT_RESTRICTION_BODY,
  REINDEX_BODY,
  SET_ROLE_BODY,
  SIGN_IN_BODY,
  SIGN_UP_BODY,
  VERSION_POST_BODY,
} from './contracts/requestBodies';
export { parseRequestBody } from './contracts/requestBody';
export { describeSchemaError } from './contracts/schemaIssues';
export {
  BACKLINKS_ANSWER,
  OP_OUTCOME,
  OPS_ANSWER,
  SEARCH_ANSWER,
  TRASH_ANSWER,
  TREE_ANSWER,
  TREE_NOTE,
  VERSION_LIST_ANSWER,
  VERSION_RESTORED_ANSWER,
  VERSION_SUMMARY,
} from './contracts/vaultAnswers';
export { DOC_ID_LENGTH, docIdFromRandomBytes } from './documents/docId';
export {
  type DocumentAddress,
  formatNoteDocumentName,
  formatVaultDocumentName,
  isValidDocId,
  isValidVaultId,
  parseDocumentName,
} from './documents/documentName';
export type { Embedder } from './embedder/embedder';
export { EMBEDDERS, embedderByName, SENTENCE_ENCODER_NAMES, USE_LITE } from './embedder/embedders';
export { fnv1a32, hashedEmbedder } from './embedder/hashedEmbedder';
export { tokenize } from './embedder/tokenize';
export { RELAY_ERRORS, type RelayErrorCode } from './errors/relayErrors';
export { LIMITS } from './limits/limits';
export { type RateLimit, RateLimiter } from './limits/rateLimiter';
export { callMcpTool } from './mcp/callTool';
export { DEFAULT_DRAFTS_FOLDER, draftNameOf, draftPathsOf } from './mcp/draftNames';
export type { McpErrorCode } from './mcp/mcpErrors';
export { MCP_OUTPUT_SCHEMAS } from './mcp/mcpSchemas';
export type {
  McpDraftPage,
  McpDraftSaved,
  McpNotePage,
  McpNoteRevised,
  McpNoteWritten,
  McpStore,
  McpStoredNote,
  McpStoreResult,
  McpTextWrite,
} from './mcp/mcpStore';
export { MCP_LIMITS, toolsFor } from './mcp/mcpTools';
export { listNoteResources, readNoteResource } from './mcp/noteResources';
export { renderToolError } from './mcp/renderAnswers';
export { applyTextEdits } from './mcp/textEdits';
export { pageText } from './mcp/textPage';
export {
  createNoteLinkResolver,
  type LinkableEntry,
  linksSharedWith,
  noteLinkResolverOf,
} from './notes/noteLinkResolver';
export { headingRepeatsTitle } from './notes/title';
export {
  grantedScope,
  isOAuthAccessTokenShape,
  isOAuthRefreshTokenShape,
  mayOfferWrite,
  OAUTH_ACCESS_PREFIX,
  OAUTH_CLIENT_LIMITS,
  OAUTH_LIFETIMES,
  OAUTH_REFRESH_PREFIX,
  OAUTH_SCOPES,
  oauthGrantName,
  redirectTargetProblem,
  unknownScopes,
} from './oauth/oauthRules';
export {
  ancestorFoldersOf,
  type EntryKind,
  entryKindOf,
  extensionOf,
  fileNameOf,
  isInsideFolder,
  joinPath,
  NOTE_EXTENSION,
  type PathFailure,
  type PathResult,
  parentFolderOf,
  pathKey,
  refuseDotName,
  titleFromPath,
  validateAttachmentPath,
  validateEntryPath,
  validateFolderFilter,
  validateFolderPath,
  validateNotePath,
} from './paths/notePath';
export {
  type PresenceUser,
  presenceStateFor,
  presenceUserOf,
  readPresenceState,
  UNNAMED_PERSON,
} from './presence/presence';
export { type Failure, fail, type Result } from './result';
export { indexedTextOf } from './search/indexedText';
export { BM25, type CandidateRows, LexicalIndex } from './search/lexicalIndex';
export { lexicalTermsOf, stemLightly } from './search/lexicalTerms';
export { quantizeRow } from './search/quantizedRow';
export { SEMANTIC_WEIGHT } from './search/rankHybrid';
export { rankNotes, VECTOR_WEIGHT } from './search/rankNotes';
export { sourceVersionOf } from './search/sourceVersion';
export { dotQuantizedColumnMajor, dotQuantizedRowMajor, sparseQueryOf } from './search/sparseQuery';
export { noteVectorsOf } from './semantic/noteVectors';
export {
  decodeQuantized,
  encodeQuantized,
  type QuantizedVectors,
  quantizeVectors,
  semanticSimilarity,
} from './semantic/semanticVectors';
export type { SentenceEncoder } from './semantic/sentenceEncoder';
export { VectorArena } from './semantic/vectorArena';
export {
  type ConnectionStatus,
  describeSyncState,
  type SyncObservation,
  type SyncState,
} from './sync/syncState';
export { createMemoryVault, type MemoryVault, type VaultTree } from './vault/memoryVault';
export { planVaultOp } from './vault/planVaultOp';
export { type MoveNoteOp, parseVaultOpBatch, type VaultOp } from './vault/vaultOps';
export type { OpOutcome, VaultChange, VaultNote, VaultOpErrorCode, VaultView } from './vault/vaultTypes';
export { shouldCaptureText } from './versions/captureText';
export { isDestructiveEdit } from './versions/destructiveEdit';
export { versionsToPrune } from './versions/pruneVersions';
export { isQuietCaptureDue } from './versions/quietCapture';
export { isVersionReason, VERSION_REASONS, type VersionReason } from './versions/versionReasons';
export { parseVersionSettings, VERSION_DEFAULTS, type VersionSettings } from './versions/versionSettings';
