import { ADMIN_TOKEN_LIST_ANSWER, TREE_ANSWER } from '@baalda/core';
import { describe, expect, it } from 'vitest';
import { CliError, EXIT } from './cliError';
import { errorOfBody, parseRelayAnswer, routeOf } from './relayAnswer';

const ROUTE = 'GET /api/vaults/default/tree';
const NOTE = { docId: 'a', path: 'a.md', title: 'a', createdAt: 1, updatedAt: 1, deletedAt: null, conflictOf: null };

function failureOf(run: () => unknown): CliError {
  try {
    run();
  } catch (error) {
    if (error instanceof CliError) return error;
    throw error;
  }
  throw new Error('expected a CliError');
}

describe('parsing relay answers', () => {
  it('[CLI7] an answer that fits its schema comes back parsed', () => {
    const tree = { version: 3, notes: [NOTE], folders: [], explicitFolders: [] };
    expect(parseRelayAnswer(TREE_ANSWER, tree, ROUTE)).toEqual(tree);
  });

  it('[CLI7] a broken answer is one line naming the route and the field, with exit code 1', () => {
    const tree = { version: 3, notes: [{ ...NOTE, path: 7 }], folders: [], explicitFolders: [] };
    const error = failureOf(() => parseRelayAnswer(TREE_ANSWER, tree, ROUTE));
    expect(error.exitCode).toBe(EXIT.refused);
    expect(error.message).toBe(
      'The relay sent an answer this CLI does not understand (GET /api/vaults/default/tree): notes[0].path: must be a string.',
    );
  });

  it('[CLI7] a field the answer lacks is named as required', () => {
    const answer = { tokens: [{ name: 'n', vaultId: 'default', readOnly: false }] };
    const error = failureOf(() => parseRelayAnswer(ADMIN_TOKEN_LIST_ANSWER, answer, 'GET /api/admin/tokens'));
    expect(error.message).toMatch(/\(GET \/api\/admin\/tokens\): tokens\[0\]\.id: is required;/);
  });

  it('[CLI7] a route is the method and the path, without the query', () => {
    expect(routeOf('delete', 'http://127.0.0.1:1/api/admin/vaults/v/restrictions?path=a')).toBe(
      'DELETE /api/admin/vaults/v/restrictions',
    );
    expect(routeOf(undefined, 'http://127.0.0.1:1/api/vaults/default/tree')).toBe(ROUTE);
  });

  it('[CLI7] a refusal is read from the relay’s error body or from a JSON-RPC error of /mcp', () => {
    expect(errorOfBody({ error: { code: 'RATE_LIMITED', message: 'Slow\n down.' } })).toEqual({
      code: 'RATE_LIMITED',
      message: 'Slow down.',
    });
    const rpc = { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: not JSON' }, id: null };
    expect(errorOfBody(rpc)).toEqual({
      code: 'PARSE_ERROR',
      message: "the relay's /mcp refused the message: Parse error: not JSON (JSON-RPC error -32700)",
    });
    expect(errorOfBody({ error: 'Bad gateway' })).toBeNull();
    expect(errorOfBody(null)).toBeNull();
  });
});
