export { accessDecision, canReadPath, canWritePath, vaultAccessDecision } from './access/accessDecision';
export { ACCESS_REASONS, type AccessDecision, type AccessReason } from './access/accessReasons';
export type { FolderRestriction, Principal, PrincipalToken, VaultRole } from './access/accessTypes';
export { type HiddenFolders, hiddenFolderKeys, isHiddenPathKey, likePrefixPatternOf } from './access/hiddenFolders';
export { isReadableByEveryReaderOf } from './access/privateFolders';
export {
  type RestrictionChangeDecision,
  type RestrictionChangeReason,
  restrictionChangeDecision,
} from './access/restrictionChange';
export { hasRoleAtLeast, isVaultRole, VAULT_ROLES } from './access/roles';
export { isReadOnlyToken, tokenRefusalOf } from './access/tokens';
export { callerVaultView, hiddenFolderRefusal, mayApplyChange, pathsAnOpWrites } from './access/vaultOpAccess';
export { type ParsedEmail, parseDays, parseDisplayName, parseEmail, parsePassword } from './accounts/accountInput';
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
export {
  type AttachmentType,
  attachmentTypeOf,
  type ExtractionFormat,
  extractableExtensions,
} from './attachments/attachmentTypes';
export { conflictPath, isConflictPath, utcDateOf } from './conflicts/conflictName';
export {
  AUTH_STATE_ANSWER,
  ERROR_ANSWER,
  HEALTH_ANSWER,
  INVITE_ACCEPTED_ANSWER,
  INVITE_CREATED_ANSWER,
  INVITE_OFFER_ANSWER,
  ISO_TIME,
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
  EXTRACTION_STATUS,
} from './contracts/attachmentAnswers';
export { type CodePointBounds, codePointString } from './contracts/codePointString';
export { parsedField, refusedAs } from './contracts/parsedField';
export {
  ADMIN_BODY,
  ADMIN_DISABLED_BODY,
  ADMIN_PASSWORD_BODY,
  CHANGE_PASSWORD_BODY,
  CREATE_INVITE_BODY,
  CREATE_TOKEN_BODY,
  CREATE_VAULT_BODY,
  MAX_RESTRICTION_MEMBERS,
  OAUTH_APPROVE_BODY,
  PUT_RESTRICTION_BODY,
  REINDEX_BODY,
  SET_ROLE_BODY,
  SIGN_IN_BODY,
  SIGN_UP_BODY,
  VERSION_POST_BODY,
} from './contracts/requestBodies';
export { parseRequestBody } from './contracts/requestBody';
export {
  describeSchemaError,
  findSchemaViolation,
  type SchemaKeyword,
  type SchemaViolation,
} from './contracts/schemaIssues';
export {
  BACKLINKS_ANSWER,
  OP_OUTCOME,
  OPS_ANSWER,
  SEARCH_ANSWER,
  TRASH_ANSWER,
  TREE_ANSWER,
  TREE_NOTE,
  VERSION_DETAIL_ANSWER,
  VERSION_LIST_ANSWER,
  VERSION_REASON,
  VERSION_RESTORED_ANSWER,
  VERSION_SAVED_ANSWER,
  VERSION_SUMMARY,
} from './contracts/vaultAnswers';
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
export { type CalloutHead, calloutHeadOf } from './documents/markdownCallouts';
export { appendMarkdown, applyMarkdownEdit, MARKDOWN_EDIT_ORIGIN } from './documents/markdownEdit';
export { FRONT_MATTER_LANGUAGE, type FrontMatterSplit, splitFrontMatter } from './documents/markdownFrontMatter';
export type { EditorElement, EditorMarks, EditorNode, EditorText } from './documents/markdownModel';
export { ATOM_MARK_NAMES, RAW_BLOCK, RAW_INLINE } from './documents/markdownModel';
export { documentContentOfMarkdown, MAX_MARKDOWN_NESTING } from './documents/markdownParse';
export { markdownHtmlOf } from './documents/markdownParser';
export { markdownOfBlocks, markdownOfDocument } from './documents/markdownRender';
export { linkedDocIdsOf } from './documents/noteLinkPasses';
export {
  LINKING_NODES,
  MAX_WIKILINK_LENGTH,
  NOTE_EMBED,
  NOTE_LINK,
  type NoteLinkAttrs,
  wikilinkEndAt,
  wikilinkMarkdownOf,
  wikilinkPartsOf,
} from './documents/noteLinkSyntax';
export { EDITOR_FRAGMENT, extractPlainText } from './documents/plainText';
export type { Embedder } from './embedder/embedder';
export {
  EMBEDDERS,
  embedderByName,
  reindexableNames,
  SENTENCE_ENCODER_NAMES,
  USE_LITE,
} from './embedder/embedders';
export { fnv1a32, hashedEmbedder } from './embedder/hashedEmbedder';
export { tokenize } from './embedder/tokenize';
export { RELAY_ERRORS, type RelayErrorCode } from './errors/relayErrors';
export { LIMITS } from './limits/limits';
export { type RateLimit, RateLimiter } from './limits/rateLimiter';
export { callMcpTool } from './mcp/callTool';
export { DEFAULT_DRAFTS_FOLDER, draftNameOf, draftPathsOf } from './mcp/draftNames';
export type { JsonSchema, JsonSchemaType } from './mcp/jsonSchema';
export { MCP_ERRORS, type McpErrorCode } from './mcp/mcpErrors';
export { MCP_INPUT_SCHEMAS, MCP_OUTPUT_SCHEMAS } from './mcp/mcpSchemas';
export type {
  McpDraftPage,
  McpDraftPointer,
  McpDraftSaved,
  McpListRequest,
  McpNoteKind,
  McpNotePage,
  McpNotePointer,
  McpNoteRevised,
  McpNoteWritten,
  McpSearchHit,
  McpSearchRequest,
  McpStore,
  McpStoredNote,
  McpStoreResult,
  McpTextWrite,
} from './mcp/mcpStore';
export {
  type JsonObjectSchema,
  MCP_LIMITS,
  MCP_TOOLS,
  type McpToolDefinition,
  type McpToolName,
  toolNamed,
  toolsFor,
} from './mcp/mcpTools';
export { MAX_HEADING_TEXT, type OutlineHeading, outlineOf } from './mcp/noteOutline';
export {
  listNoteResources,
  type McpNoteResource,
  type McpResourceContents,
  noteResourceUri,
  readNoteResource,
} from './mcp/noteResources';
export type { McpToolAnswer } from './mcp/readTools';
export {
  type ListNotesOutput,
  type ReadAttachmentOutput,
  type ReadNoteOutput,
  renderToolError,
  type SearchNotesOutput,
} from './mcp/renderAnswers';
export { applyTextEdits, type TextEdit } from './mcp/textEdits';
export { pageText, type TextPage } from './mcp/textPage';
export type { McpToolInputs } from './mcp/toolInput';
export {
  createNoteLinkResolver,
  type LinkableEntry,
  linkNameKey,
  linksSharedWith,
  type NoteLinkReadings,
  type NoteLinkResolver,
  noteLinkResolverOf,
} from './notes/noteLinkResolver';
export { deriveTitle, headingRepeatsTitle, UNTITLED } from './notes/title';
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
  type PathRule,
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
  PRESENCE_CURSOR,
  PRESENCE_PALETTE,
  type PresenceCursor,
  type PresenceState,
  type PresenceUser,
  presenceColorOf,
  presenceStateFor,
  presenceUserOf,
  readPresenceState,
  UNNAMED_PERSON,
} from './presence/presence';
export { type Failure, fail, type Result } from './result';
export { indexedTextOf } from './search/indexedText';
export { BM25, type CandidateRows, LexicalIndex, type LexicalScores } from './search/lexicalIndex';
export { countTerms, lexicalTermsOf, stemLightly } from './search/lexicalTerms';
export { type QuantizedRow, quantizeRow } from './search/quantizedRow';
export {
  hasMeaningfulTerm,
  MEANING_ALONE_MIN_SIMILARITY,
  MEANING_ALONE_MIN_Z,
  rankHybrid,
  SEMANTIC_WEIGHT,
  type SemanticSide,
  SMALL_VAULT_Z_SHARE,
  WORDS_FOUND_SHARE,
} from './search/rankHybrid';
export { type RankRequest, rankNotes, VECTOR_WEIGHT } from './search/rankNotes';
export { sourceVersionOf } from './search/sourceVersion';
export {
  dotColumnMajor,
  dotQuantizedColumnMajor,
  dotQuantizedRowMajor,
  dotRowMajor,
  type SparseQuery,
  sparseQueryOf,
} from './search/sparseQuery';
export { type RankedRow, TopList } from './search/topList';
export { dotsRunInSimd } from './semantic/integerDots';
export { noteVectorsOf } from './semantic/noteVectors';
export { MAX_SECTIONS, semanticSectionsOf } from './semantic/semanticSections';
export {
  decodeQuantized,
  encodeQuantized,
  type QuantizedVectors,
  quantizeVectors,
  semanticSimilarity,
  vectorCount,
} from './semantic/semanticVectors';
export type { SentenceEncoder } from './semantic/sentenceEncoder';
export { VectorArena } from './semantic/vectorArena';
export {
  type ConnectionStatus,
  describeSyncState,
  type SyncObservation,
  type SyncState,
} from './sync/syncState';
export { createMemoryVault, type ExplicitFolders, type MemoryVault, type VaultTree } from './vault/memoryVault';
export { planVaultOp } from './vault/planVaultOp';
export {
  type ClientVaultOpKind,
  type CreateAttachmentOp,
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
export { planRestore, type RestorePlan, shouldCaptureText } from './versions/captureText';
export { DESTRUCTIVE_EDIT, type EditMeasure, isDestructiveEdit, measureEdit } from './versions/destructiveEdit';
export { DIFF_LIMITS, type DiffHunk, type DiffLimits, diffLines } from './versions/diffLines';
export { type PrunableVersion, versionsToPrune } from './versions/pruneVersions';
export { isQuietCaptureDue, type QuietCaptureState, quietCaptureDueAt } from './versions/quietCapture';
export { isVersionReason, VERSION_REASONS, type VersionReason } from './versions/versionReasons';
export {
  parseVersionSettings,
  VERSION_DEFAULTS,
  VERSION_SETTINGS_LIMITS,
  type VersionSettings,
  type VersionSettingsInput,
} from './versions/versionSettings';
