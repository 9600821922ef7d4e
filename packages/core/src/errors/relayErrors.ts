/**
 * Stable error codes the relay's edges (WebSocket, HTTP) report. Each edge maps a code to its own
 * transport (close code, HTTP status); the code string itself never changes once released.
 */
export const RELAY_ERRORS = {
  /** A WebSocket frame could not be decoded as a Hocuspocus message. */
  MESSAGE_MALFORMED: 'A frame could not be decoded as a sync message.',
  /** A WebSocket frame was larger than LIMITS.maxFrameBytes. */
  MESSAGE_TOO_LARGE: 'A frame was larger than the relay accepts.',
  /** A WebSocket text frame arrived; the sync protocol is binary only. */
  MESSAGE_NOT_BINARY: 'The sync protocol accepts binary frames only.',
  /** A message addressed a document name the relay does not serve. */
  DOCUMENT_NAME_INVALID: 'The document name is not one the relay serves.',
  /** An HTTP request body was not valid JSON or did not match the expected shape. */
  REQUEST_INVALID: 'The request does not match what this route accepts.',
  /** An HTTP request body was larger than LIMITS.maxRequestBodyBytes. */
  REQUEST_TOO_LARGE: 'The request body is larger than the relay accepts.',
  /** No route or file matches the request path. */
  NOT_FOUND: 'Nothing is served at this path.',
  /** The HTTP method is not allowed on this route. */
  METHOD_NOT_ALLOWED: 'This route does not accept that method.',
  /** A vault op or batch did not have the expected shape (SPEC OP1/OP2). */
  OP_INVALID: 'The operation does not have the expected shape.',
  /** A search request broke a SRCH5 rule (empty or long query, bad limit, folder or kind). */
  SEARCH_INVALID: 'The search request is not valid.',
  /** The route is not open to this caller (admin routes: loopback only). */
  FORBIDDEN: 'This route is not open to you.',
  /** No vault has that id. */
  VAULT_NOT_FOUND: 'No vault has that id.',
  /** No note (live or in the trash) has that id in this vault; a purged note is gone with its history. */
  NOTE_NOT_FOUND: 'No note has that id in this vault.',
  /** The note is in the trash: restore it before changing it (TR1). */
  NOTE_IN_TRASH: 'The note is in the trash; restore it first.',
  /** The note has no version with that id (it may have been pruned, VC3). */
  VERSION_NOT_FOUND: 'The note has no version with that id.',
  /** The relay failed while answering; the request changed nothing it reported as done. */
  INTERNAL_ERROR: 'The relay could not answer this request.',
} as const;

/** A stable relay error code; see {@link RELAY_ERRORS}. */
export type RelayErrorCode = keyof typeof RELAY_ERRORS;
