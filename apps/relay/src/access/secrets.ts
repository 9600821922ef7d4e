import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_PREFIX } from '@baalda/core';

/** ACC7: 32 random bytes as base64url (43 characters): a session, invite or token secret. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** ACC7: a personal access token's secret, prefixed so a leaked one is easy to recognise. */
export function newAccessTokenSecret(): string {
  return `${ACCESS_TOKEN_PREFIX}${newSecret()}`;
}

/**
 * The only form a secret is stored in. SHA-256 suffices: the secrets carry 256 random bits, so unlike
 * passwords there is nothing to guess, and a lookup by hash needs no per-row salt.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A new row id (users, tokens): 16 random bytes, URL-safe. */
export function newRowId(): string {
  return randomBytes(16).toString('base64url');
}
