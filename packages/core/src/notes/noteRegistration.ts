import { isValidDocId } from '../documents/documentName';
import { fail, type Result } from '../result';

/** A client's announcement that a note exists (it may have been created offline, hours ago). */
export interface NoteRegistration {
  readonly docId: string;
  /** When the note was created on the client, in milliseconds since the epoch. */
  readonly createdAt: number;
}

// REG2: a creation time is accepted from 2020 up to a day past the relay's clock, which absorbs skewed
// client clocks without letting a typo put a note in the year 30000.
const EARLIEST_CREATED_AT = Date.UTC(2020, 0, 1);
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/**
 * REG1/REG2: validates an untrusted registration body. `now` is the relay's clock (core has none).
 */
export function parseNoteRegistration(input: unknown, now: number): Result<NoteRegistration, 'REQUEST_INVALID'> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return fail('REQUEST_INVALID', 'Body must be a JSON object like {"docId": "...", "createdAt": 1700000000000}.');
  }
  const { docId, createdAt } = input as Record<string, unknown>;
  if (typeof docId !== 'string' || !isValidDocId(docId)) {
    return fail('REQUEST_INVALID', 'docId must be 16–64 characters of A–Z, a–z, 0–9, "_" or "-".');
  }
  if (typeof createdAt !== 'number' || !Number.isInteger(createdAt)) {
    return fail('REQUEST_INVALID', 'createdAt must be an integer number of milliseconds since 1970.');
  }
  if (createdAt < EARLIEST_CREATED_AT || createdAt > now + MAX_CLOCK_SKEW_MS) {
    return fail('REQUEST_INVALID', 'createdAt must lie between 2020-01-01 and one day past the relay clock.');
  }
  return { ok: true, docId, createdAt };
}
