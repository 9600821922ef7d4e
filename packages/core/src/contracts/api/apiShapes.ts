import type { z } from 'zod';
import type { ApiBody } from './apiRoute';

/** A JSON answer checked by `schema`. */
export const json = <Schema extends z.ZodType>(schema: Schema) => ({ kind: 'json', schema }) as const;

/** An answer without a body (204). */
export const EMPTY = { kind: 'empty' } as const;

/** A JSON body: as clients send it (`wire`), and the relay's schema of it (`parse`, CT1). */
export const jsonBody = <Wire extends z.ZodType>(wire: Wire, parse?: z.ZodType) =>
  ({ kind: 'json', wire, ...(parse ? { parse } : {}) }) as const satisfies ApiBody;
