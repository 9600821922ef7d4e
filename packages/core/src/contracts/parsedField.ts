import { z } from 'zod';
import type { Result } from '../result';

/**
 * A field checked by one of core's own parsers (`parseEmail`, `parseDays`, …), so a body schema refuses
 * with exactly the code and message the parser gives. The code travels in the issue's `params.code`;
 * `parseRequestBody` answers with it.
 * @example parsedField((raw) => parseEmail(raw)) // a schema whose output is { ok: true, email, emailKey }
 */
export function parsedField<T extends object, Code extends string>(
  parse: (raw: unknown) => Result<T, Code>,
): z.ZodType<{ readonly ok: true } & T> {
  return z.unknown().transform((raw, context) => {
    const parsed = parse(raw);
    if (parsed.ok) return parsed;
    context.issues.push({ code: 'custom', message: parsed.message, params: { code: parsed.code }, input: raw });
    return z.NEVER;
  });
}

/**
 * A field checked by `schema` but refused, whatever broke, with one `message` and `code`: the words the
 * relay has always answered with for it, which say what the field must be.
 * @example refusedAs(z.enum(VAULT_ROLES), 'role must be owner, editor or viewer.')
 */
export function refusedAs<Output>(
  schema: z.ZodType<Output>,
  message: string,
  code = 'REQUEST_INVALID',
): z.ZodType<Output> {
  return z.unknown().transform((raw, context) => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    context.issues.push({ code: 'custom', message, params: { code }, input: raw });
    return z.NEVER;
  });
}
