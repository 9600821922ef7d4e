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
  /** A sync socket did not authenticate any document within LIMITS.authDeadlineMs (WS9). */
  AUTH_TIMEOUT: 'The socket did not authenticate in time.',
  /** A sync socket addressed too many documents or sent too many bytes before authenticating (WS9). */
  PRE_AUTH_LIMIT: 'Too much traffic before authentication.',
  /** Too many sync sockets are waiting to authenticate; try again shortly (WS10). */
  TOO_MANY_PENDING_SOCKETS: 'Too many connections are waiting to authenticate.',
  /** The relay could not decide a sync socket's access (its database did not answer); reconnect (WS12). */
  ACCESS_CHECK_FAILED: 'The relay could not check access just now; reconnect shortly.',
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
  /** No valid session or token came with the request, or it was revoked or has expired (ACL3). */
  UNAUTHENTICATED: 'Sign in, or send a valid access token.',
  /** The email and password do not match an account (which of the two is wrong is not said). */
  SIGN_IN_FAILED: 'The email or password is not right.',
  /** Too many failed sign-ins or sign-up attempts (ACC6, ACC11); `Retry-After` says when to try again. */
  TOO_MANY_ATTEMPTS: 'Too many failed attempts; try again later.',
  /** ACC13: an admin has disabled this account; it signs in again once they enable it. */
  ACCOUNT_DISABLED: 'An administrator has disabled this account.',
  /** ACC12: the current password given to change it is not the account's. */
  PASSWORD_WRONG: 'The current password is not right.',
  /** An account already uses this email address. */
  EMAIL_TAKEN: 'An account already uses this email address.',
  /** The email address is not one an account can use (ACC1). */
  EMAIL_INVALID: 'The email address is not valid.',
  /** The password breaks ACC2 (length). */
  PASSWORD_WEAK: 'The password is too short or too long.',
  /** This relay already has accounts: joining needs an invite link from a vault owner. */
  INVITE_REQUIRED: 'Ask a vault owner for an invite link.',
  /** The invite link is unknown, used or expired. */
  INVITE_INVALID: 'The invite link is not valid any more.',
  /** The change would leave the vault without an owner. */
  LAST_OWNER: 'A vault keeps at least one owner.',
  /** The person is not a member of this vault (or has no account). */
  USER_NOT_FOUND: 'No such member or account.',
  /** No access token of yours has that id. */
  TOKEN_NOT_FOUND: 'No access token has that id.',
  /** An assistant's OAuth request is unknown, already decided or expired (OAU6). */
  OAUTH_REQUEST_NOT_FOUND:
    "The assistant's request to connect is unknown, already answered or expired; start again from the assistant.",
  /** A cookie-authenticated change came from another site's page (CSRF). */
  ORIGIN_REFUSED: 'The request came from a page of another site.',
  /** HTTP15: the request named a host (`Host`) the relay does not answer to, as a DNS-rebinding page does. */
  HOST_NOT_ALLOWED: 'This relay does not answer to that host name; use its own address.',
  /** A private-folder change ACL2 does not allow; the message names the reason. */
  RESTRICTION_REFUSED: 'You may not change who sees this folder.',
  /** A vault with that id (made from its name) exists already. */
  VAULT_TAKEN: 'A vault with that name exists already.',
  /** Too many requests from one access token; `Retry-After` says when to try again (LIM10). */
  RATE_LIMITED: 'Too many requests; slow down.',
  /** ATT1: a file larger than the relay's attachment limit (LIM12); nothing of it was kept. */
  ATTACHMENT_TOO_LARGE: 'The file is larger than the relay accepts.',
  /** ATT2: the upload ended before all its bytes arrived; nothing of it was kept. */
  UPLOAD_INCOMPLETE: 'The upload did not arrive whole; send it again.',
  /** A path broke a PATH rule; the message starts with the rule id. */
  PATH_INVALID: 'The path is not valid.',
  /** DOC2: that id belonged to something deleted for good, or to another kind of entry. */
  DOC_ID_UNAVAILABLE: 'That id cannot be used for this; make a new one.',
  /** ATT2: the stored bytes of an attachment are missing or changed on disk. */
  ATTACHMENT_DAMAGED: 'The stored file is missing or damaged.',
  /** The relay is still opening its database; nothing was done; try again in a moment (HTTP12). */
  RELAY_STARTING: 'The relay is starting; try again in a moment.',
  /** The relay failed while answering; the request changed nothing it reported as done. */
  INTERNAL_ERROR: 'The relay could not answer this request.',
} as const;

/** A stable relay error code; see {@link RELAY_ERRORS}. */
export type RelayErrorCode = keyof typeof RELAY_ERRORS;
