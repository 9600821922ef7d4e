import type { RestrictionChangeReason } from '@baalda/core';

/** A failed access call as the client holds it: the relay's stable code and its own message. */
export interface AccessFailure {
  readonly code: string;
  readonly message: string;
}

// The settings speak to the person changing them, so every code gets words about what they tried; a code
// this build doesn't know falls back to the relay's own message, which is at least specific.
const CALL_ERRORS: Readonly<Record<string, string>> = {
  NETWORK_UNAVAILABLE: 'The server can’t be reached. Check the connection and try again.',
  RESPONSE_INVALID: 'The server sent an answer this app could not read. Reload the page and try again.',
  UNAUTHENTICATED: 'You are signed out. Sign in again to change these settings.',
  ORIGIN_REFUSED: 'The server refused a request from this page. Reload the page and try again.',
  VAULT_NOT_FOUND: 'This vault no longer exists, or you are no longer one of its members.',
  FORBIDDEN: 'Only an owner of this vault can do that.',
  LAST_OWNER: 'A vault needs at least one owner. Make someone else an owner first.',
  PATH_INVALID: 'That folder path is not valid.',
  REQUEST_INVALID: 'The server did not accept this change. Someone you picked may no longer be a member.',
  REQUEST_TOO_LARGE: 'This change is larger than the server accepts.',
  NOT_FOUND: 'This server does not offer these settings yet. It may need an update.',
  INTERNAL_ERROR: 'The server failed while answering. Try again in a moment.',
};

/** ACL2: the refusals of a restriction change, in the words of someone making a folder private. */
export const RESTRICTION_REFUSALS: Readonly<Partial<Record<RestrictionChangeReason, string>>> = {
  OWNER_ONLY: 'Only an owner of the vault can make a folder private.',
  SELF_EXCLUDED: 'You must stay a member of a private folder you change, so someone can still undo it.',
  PRIVATE_FOLDER: 'This folder is inside a private folder you are not a member of.',
  READ_ONLY: 'Viewers can’t change who sees a folder.',
  NO_ROLE: 'You are not a member of this vault.',
};

// Precedence when a relay message names several reasons: the most specific first.
const REFUSAL_ORDER = ['SELF_EXCLUDED', 'OWNER_ONLY', 'PRIVATE_FOLDER', 'READ_ONLY', 'NO_ROLE'] as const;

/**
 * Words for a failed settings call. `RESTRICTION_REFUSED` carries its reason code inside the relay's
 * message (docs/ACCESS-API.md), so that message is searched for one.
 * @example describeAccessError({ code: 'LAST_OWNER', message: '…' }) // 'A vault needs at least one owner…'
 */
export function describeAccessError(failure: AccessFailure): string {
  if (failure.code === 'RESTRICTION_REFUSED') return describeRestrictionRefusal(failure.message);
  return CALL_ERRORS[failure.code] ?? failure.message;
}

/** The plain words for a `RESTRICTION_REFUSED` message, whichever reason it names. */
export function describeRestrictionRefusal(relayMessage: string): string {
  const reason = REFUSAL_ORDER.find((code) => relayMessage.includes(code));
  return reason
    ? (RESTRICTION_REFUSALS[reason] ?? relayMessage)
    : `You can’t change who sees this folder. ${relayMessage}`;
}
