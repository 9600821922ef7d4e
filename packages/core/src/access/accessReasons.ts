/**
 * ACL4: why a decision came out as it did, one stable code each for logs and the relay's error mapping.
 * Codes are listed in precedence order: the first that applies is the one reported.
 */
export const ACCESS_REASONS = {
  /** The token was revoked: no access at all (the relay answers 401). */
  TOKEN_REVOKED: 'The access token was revoked.',
  /** The token's expiry has passed (`now >= expiresAt`): no access at all (the relay answers 401). */
  TOKEN_EXPIRED: 'The access token has expired.',
  /** The token was issued for another vault: no access to this one. */
  TOKEN_OTHER_VAULT: 'The access token is for another vault.',
  /** The user has no role in this vault: no access. */
  NO_ROLE: 'You are not a member of this vault.',
  /** The path lies in (or is) a private folder the user is not a member of: no access. */
  PRIVATE_FOLDER: 'This is in a private folder you are not a member of.',
  /** Read but not write: the role is viewer, or the token is read-only. */
  READ_ONLY: 'You may read this but not change it.',
  /** Read and write. */
  OK: 'You may read and change this.',
} as const;

/** A stable access reason code; see {@link ACCESS_REASONS}. */
export type AccessReason = keyof typeof ACCESS_REASONS;

/** ACL4: what a principal may do with one path (or with the vault as a whole), and why. */
export interface AccessDecision {
  readonly read: boolean;
  readonly write: boolean;
  readonly reason: AccessReason;
}
