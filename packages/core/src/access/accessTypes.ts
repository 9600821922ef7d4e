/**
 * ACL1: a person's role in one vault. Each role includes the one after it (owner ⊇ editor ⊇ viewer), so
 * a rule names the least role it needs.
 */
export type VaultRole = 'owner' | 'editor' | 'viewer';

/**
 * ACL3: the personal access token a request came with. A token is bound to one user (the principal's
 * `userId`) and one vault; it can only take rights away from its user, never add them.
 */
export interface PrincipalToken {
  /** The one vault this token was issued for. */
  readonly vaultId: string;
  /** A read-only token never writes, whatever its user's role. */
  readonly readOnly: boolean;
  /** Epoch ms from which the token is dead (`now >= expiresAt`), or null for a token that never expires. */
  readonly expiresAt: number | null;
  /** A revoked token is dead at once, whatever its expiry. */
  readonly revoked: boolean;
}

/**
 * Who is asking, for one vault. The relay builds it per request or connection: `vaultId` is the vault
 * asked for, `role` the user's role in that vault (null: not a member). A session has no `token`.
 */
export interface Principal {
  readonly userId: string;
  readonly vaultId: string;
  readonly role: VaultRole | null;
  readonly token?: PrincipalToken;
}

/**
 * ACL2: a private folder of the principal's vault. Only `members` may see the folder and anything inside
 * it. `folderKey` is already a path key (`pathKey` of a valid folder path, so never empty) and is compared
 * literally, exactly as the relay's SQL compares it.
 */
export interface FolderRestriction {
  readonly folderKey: string;
  readonly members: ReadonlySet<string>;
}
