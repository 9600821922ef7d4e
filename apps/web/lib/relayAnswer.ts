import { describeSchemaError, fail } from '@baalda/core';
import type { z } from 'zod';
import type { RelayCall, RelayFailure } from './relayApi';

/** The sentence a person sees when an answer breaks its contract (CT1); the details name the field. */
export const UNDERSTOOD_NOT = 'The relay sent an answer this app does not understand';

/**
 * CT1: the relay's answer parsed with its schema from core. A refusal passes through unchanged; an answer
 * that breaks the schema is `RESPONSE_INVALID` saying where: "…does not understand: member.role: must be
 * one of "owner", "editor", "viewer"".
 * @example readAnswer(await putToRelay(url, { role }), MEMBER_CHANGED_ANSWER)
 */
export function readAnswer<Answer>(
  call: RelayCall,
  schema: z.ZodType<Answer>,
): { readonly ok: true; readonly answer: Answer } | RelayFailure {
  if (!call.ok) return call;
  const parsed = schema.safeParse(call.body);
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
