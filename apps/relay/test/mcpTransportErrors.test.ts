import { LIMITS } from '@baalda/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteBackend } from './backends';
import { startTestRelay, type TestRelay } from './relays';

/** A JSON-RPC error answer, as a JSON-RPC client must be able to read it. */
interface JsonRpcError {
  readonly jsonrpc: string;
  readonly error: { readonly code: number; readonly message: string };
  readonly id: null;
}

const LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

describe('transport failures on /mcp answer JSON-RPC errors (MCP11)', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
  });

  afterAll(async () => {
    await relay.close();
    await dispose();
  });

  function post(body: string, contentType = 'application/json'): Promise<Response> {
    return fetch(`${relay.httpUrl}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${relay.token}`,
        'content-type': contentType,
        accept: 'application/json, text/event-stream',
      },
      body,
    });
  }

  async function expectJsonRpcError(response: Response, status: number, code: number, message: RegExp) {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const answer = (await response.json()) as JsonRpcError;
    expect(answer).toEqual({ jsonrpc: '2.0', error: { code, message: expect.stringMatching(message) }, id: null });
  }

  it('[MCP11] a body that is not JSON is a parse error (-32700), 400', async () => {
    await expectJsonRpcError(await post('{"jsonrpc": "2.0", "id": 1,'), 400, -32700, /^Parse error: .*JSON/);
  });

  it('[MCP11] a body sent as another content type is refused (-32000), 415', async () => {
    await expectJsonRpcError(await post(LIST, 'text/plain'), 415, -32000, /Content-Type must be application\/json/);
  });

  it('[MCP11, LIM11] a body over the MCP limit is an invalid request (-32600), 413, and the connection closes', async () => {
    const oversized = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      pad: 'x'.repeat(LIMITS.maxMcpBodyBytes),
    });
    const response = await post(oversized);
    expect(response.headers.get('connection')).toBe('close');
    await expectJsonRpcError(response, 413, -32600, new RegExp(`over ${LIMITS.maxMcpBodyBytes} bytes`));
  });

  it('[MCP11] GET and DELETE have no meaning without sessions: -32000, 405 with Allow: POST', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${relay.httpUrl}/mcp`, {
        method,
        headers: { authorization: `Bearer ${relay.token}`, accept: 'application/json, text/event-stream' },
      });
      expect(response.headers.get('allow')).toBe('POST');
      await expectJsonRpcError(response, 405, -32000, /POST only/);
    }
  });

  it('[MCP11] a well-formed request still gets its answer after those refusals', async () => {
    const response = await post(LIST);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { id: number }).id).toBe(1);
  });
});
