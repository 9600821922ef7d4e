import type { OpOutcome } from '@baalda/core';
import type { TreeNote } from '../src/vault/vaultService';
import { authedFetch, type TestRelay } from './relays';

/** The shapes the relay's JSON API answers with, all optional so tests can probe any answer. */
export interface ApiBody {
  version?: number;
  notes?: TreeNote[];
  folders?: string[];
  results?: OpOutcome[];
  error?: { code: string; message: string };
}

/** Reads a relay JSON answer. */
export async function readBody(response: Response): Promise<ApiBody> {
  return (await response.json()) as ApiBody;
}

/** Posts `{ ops }` to the default vault as the relay's owner. */
export function postOps(relay: TestRelay, ops: unknown[]): Promise<Response> {
  return authedFetch(relay, '/api/vaults/default/ops', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ops }),
  });
}

let counter = 0;
/** A fresh, valid op id. */
export function nextOpId(): string {
  counter += 1;
  return `testOp${String(counter).padStart(12, '0')}`;
}
