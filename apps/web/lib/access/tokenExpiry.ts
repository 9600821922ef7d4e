import type { AccessToken } from './accessShapes';

/** One choice of the "Expires" select; `days` null is a token that never expires. */
export interface ExpiryOption {
  readonly value: string;
  readonly label: string;
  readonly days: number | null;
}

/** The choices a new token offers; 30 days is the default, so forgetting a token costs little. */
export const EXPIRY_OPTIONS: readonly ExpiryOption[] = [
  { value: '7', label: '7 days', days: 7 },
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: 'never', label: 'Never', days: null },
];

export const DEFAULT_EXPIRY = '30';

/** The days the relay is asked for, from the select's value; an unknown value falls back to the default. */
export function expiryDaysOf(value: string): number | null {
  const option = EXPIRY_OPTIONS.find((candidate) => candidate.value === value);
  return option ? option.days : 30;
}

/** The token limits of docs/ACCESS-API.md: a name is 1–80 characters after trimming. */
export const MAX_TOKEN_NAME_LENGTH = 80;

/** Why a typed token name can't be used, or null when it can. */
export function tokenNameProblem(typed: string): string | null {
  const name = typed.trim();
  if (name === '') return 'Give the token a name, so you can tell it apart later.';
  if (name.length > MAX_TOKEN_NAME_LENGTH) return `A token name is at most ${MAX_TOKEN_NAME_LENGTH} characters.`;
  return null;
}

/** Whether a token still works: not revoked, and its expiry (if any) still ahead. */
export type TokenState = 'active' | 'revoked' | 'expired';

export function tokenStateOf(token: AccessToken, now: number): TokenState {
  if (token.revokedAt !== null) return 'revoked';
  if (token.expiresAt !== null && now >= token.expiresAt) return 'expired';
  return 'active';
}

/** Live tokens first (newest first), then the dead ones, so what can still be revoked is at the top. */
export function sortTokens(tokens: readonly AccessToken[], now: number): AccessToken[] {
  const rank = (token: AccessToken) => (tokenStateOf(token, now) === 'active' ? 0 : 1);
  return [...tokens].sort((a, b) => rank(a) - rank(b) || b.createdAt - a.createdAt);
}
