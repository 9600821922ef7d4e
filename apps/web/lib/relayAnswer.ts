import { describeSchemaError, fail } from '@baalda/core';
import type { z } from 'zod';
import { type RelayCall, type RelayFailure, UNDERSTOOD_NOT } from './relayApi';

export { UNDERSTOOD_NOT };

/**
 * CT1: an answer the typed client already read with its route's schema, mapped into the view the UI shows.
 * A refusal passes through unchanged; an answer the view refuses (a check the web adds, such as a
 * same-origin invite link) is `RESPONSE_INVALID` saying where.
 * @example readAnswer(await callRelay(API.setRole, { params, body: { role } }), MEMBER_CHANGED_VIEW)
 */
export function readAnswer<Answer>(
  call: RelayCall,
  schema: z.ZodType<Answer>,
): { readonly ok: true; readonly answer: Answer } | RelayFailure {
  if (!call.ok) return call;
  const parsed = schema.safeParse(call.answer);
  if (parsed.success) return { ok: true, answer: parsed.data };
  return fail('RESPONSE_INVALID', `${UNDERSTOOD_NOT}: ${describeSchemaError(parsed.error)}.`);
}

/**
 * The entries of a list that parse with `schema`; the others are skipped, so one entry a newer relay
 * words differently (a role this build does not know) hides that entry, not the whole list.
 */
export function readableEntries<Entry>(entries: readonly unknown[], schema: z.ZodType<Entry>): Entry[] {
  return entries.flatMap((entry) => {
    const parsed = schema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}
