import type { ApiParam, ApiQueryParam } from './apiRoute';

/** A vault's id: any one path segment; the relay answers VAULT_NOT_FOUND for one that is not the caller's. */
export const VAULT_ID: ApiParam = { pattern: '[^/]+', description: "The vault's id." };

/** A note's or attachment's id (16–64 of A–Z, a–z, 0–9, `_`, `-`); another segment is NOTE_NOT_FOUND. */
export const DOC_ID: ApiParam = { pattern: '[^/]+', description: "The note's id." };

/** An id the relay made: a user, a token or an OAuth request (1–64 of A–Z, a–z, 0–9, `_`, `-`). */
export const MADE_ID = (what: string): ApiParam => ({ pattern: '[A-Za-z0-9_-]{1,64}', description: what });

/** Any one path segment. */
export const SEGMENT = (what: string): ApiParam => ({ pattern: '[^/]+', description: what });

/** `?path=<folder>` of the routes that lift a folder's restriction. */
export const FOLDER_PATH_QUERY: ApiQueryParam = { description: 'The private folder.', type: 'string', required: true };
