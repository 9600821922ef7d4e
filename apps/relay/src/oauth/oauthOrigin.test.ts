import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { LOCAL_EDGE } from '../support/edgeSettings';
import { oauthOriginOf, resourceKeyOf } from './oauthOrigin';

// Only the parts oauthOriginOf reads: the headers and the peer's address.
function requestFrom(remoteAddress: string, headers: Record<string, string>): IncomingMessage {
  return { headers, socket: { remoteAddress } } as unknown as IncomingMessage;
}

describe('where OAuth is offered', () => {
  it('[OAU12] on https always; on plain http only to a loopback name from this machine', () => {
    const proxied = { ...LOCAL_EDGE, trustProxy: true };
    const published = { ...LOCAL_EDGE, publicUrl: new URL('https://notes.example.org') };
    expect(oauthOriginOf(requestFrom('127.0.0.1', { host: 'localhost:8787' }), LOCAL_EDGE)).toBe(
      'http://localhost:8787',
    );
    expect(oauthOriginOf(requestFrom('::ffff:127.0.0.1', { host: '127.0.0.1:8787' }), LOCAL_EDGE)).toBe(
      'http://127.0.0.1:8787',
    );
    expect(oauthOriginOf(requestFrom('192.0.2.7', { host: 'localhost:8787' }), LOCAL_EDGE)).toBeNull();
    expect(oauthOriginOf(requestFrom('127.0.0.1', { host: '192.0.2.10:8787' }), LOCAL_EDGE)).toBeNull();
    expect(oauthOriginOf(requestFrom('127.0.0.1', { host: 'notes.lan' }), LOCAL_EDGE)).toBeNull();
    const forwarded = { host: 'notes.lan', 'x-forwarded-proto': 'https' };
    expect(oauthOriginOf(requestFrom('127.0.0.1', forwarded), LOCAL_EDGE)).toBeNull();
    expect(oauthOriginOf(requestFrom('127.0.0.1', forwarded), proxied)).toBe('https://notes.lan');
    expect(oauthOriginOf(requestFrom('192.0.2.7', { host: 'anything' }), published)).toBe('https://notes.example.org');
  });

  it('[OAU11] a resource is compared parsed, without a trailing slash', () => {
    expect(resourceKeyOf('https://Notes.Example.org:443/mcp/')).toBe('https://notes.example.org/mcp');
    expect(resourceKeyOf('not a url')).toBeNull();
  });
});
