import type { z } from 'zod';
import type { RelayErrorCode } from '../errors/relayErrors';
import type { Failure } from '../result';
import { findSchemaViolation } from './schemaIssues';

/**
 * Parses a request body with its schema (CT1). A field checked by one of core's parsers refuses with
 * that parser's code and message; any other mismatch is `fallback` (REQUEST_INVALID unless the route
 * has its own) with a message naming the field.
 * @example parseRequestBody(SIGN_UP_BODY, { email: 'x' }) // { ok: false, code: 'EMAIL_INVALID', message: … }
 */
export function parseRequestBody<Output>(
  schema: z.ZodType<Output>,
  raw: unknown,
  fallback: RelayErrorCode = 'REQUEST_INVALID',
): { readonly ok: true; readonly value: Output } | Failure<RelayErrorCode> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const code = issue?.code === 'custom' ? (issue.params?.code as RelayErrorCode | undefined) : undefined;
  if (issue && code) return { ok: false, code, message: issue.message };
  return { ok: false, code: fallback, message: findSchemaViolation(parsed.error, raw, 'The body').message };
}
