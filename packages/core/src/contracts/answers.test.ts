import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { VaultOpKind } from '../vault/vaultOps';
import type { OpOutcome, VaultOpErrorCode } from '../vault/vaultTypes';
import { TOKEN_ENTRY } from './accessAnswers';
import { describeSchemaError } from './schemaIssues';
import { OP_OUTCOME, VERSION_SAVED_ANSWER } from './vaultAnswers';

type Outcome = z.infer<typeof OP_OUTCOME>;

describe('answer schemas', () => {
  it('[CT1, OP2] the op outcome schema is exactly OpOutcome, kinds and codes included', () => {
    expectTypeOf<Outcome['kind']>().toEqualTypeOf<VaultOpKind>();
    expectTypeOf<Extract<Outcome, { ok: false }>['code']>().toEqualTypeOf<VaultOpErrorCode>();
    expectTypeOf<Outcome>().toExtend<OpOutcome>();
    expectTypeOf<OpOutcome>().toExtend<Outcome>();
  });

  it('[CT1, OP3] a stored outcome that lost a field is refused, naming it', () => {
    const parsed = OP_OUTCOME.safeParse({ opId: 'o1', ok: false, kind: 'moveNote', message: 'taken' });
    expect(parsed.success || describeSchemaError(parsed.error)).toMatch(/^code: must be one of "PATH_INVALID"/);
  });

  it('[CT1, ACL3] a token time must be an ISO time, or null where it may be unset', () => {
    const token = {
      id: 't1',
      name: 'CLI',
      vaultId: 'default',
      readOnly: true,
      createdAt: '2026-03-12T14:03:22.000Z',
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
      oauthClient: null,
    };
    expect(TOKEN_ENTRY.safeParse(token).success).toBe(true);
    const parsed = TOKEN_ENTRY.safeParse({ ...token, expiresAt: 'soon' });
    expect(parsed.success || describeSchemaError(parsed.error)).toBe('expiresAt: must be an ISO time');
  });

  it('[CT1, VC4] saving a version answers the version, or none with unchanged: true', () => {
    expect(VERSION_SAVED_ANSWER.safeParse({ version: null, unchanged: true }).success).toBe(true);
    expect(VERSION_SAVED_ANSWER.safeParse({ version: null }).success).toBe(false);
  });
});
