import { OAUTH_CLIENT_LIMITS } from '@baalda/core';
import { describe, expect, it } from 'vitest';
import { redirectUriProblem } from './redirectUris';

describe('redirect URIs a client may register', () => {
  it('[OAU4, OAU10] https, loopback http and reverse-domain app schemes may be redirect URIs; the rest are refused with a reason', () => {
    for (const fine of [
      'https://claude.ai/api/mcp/auth_callback',
      'http://127.0.0.1:33418/callback',
      'http://localhost/cb',
      'http://[::1]:9000/cb',
      'com.example.notes:/oauth/callback',
    ]) {
      expect(redirectUriProblem(fine), fine).toBeNull();
    }
    expect(redirectUriProblem('http://example.com/cb')).toMatch(/https/);
    expect(redirectUriProblem('javascript:alert(1)')).toMatch(/javascript/);
    expect(redirectUriProblem('data:text/html,hi')).toMatch(/data/);
    expect(redirectUriProblem('cursor://anysphere.cursor-retrieval/oauth/callback')).toMatch(/reverse domain/);
    expect(redirectUriProblem('https://example.com/cb#x')).toMatch(/fragment/);
    expect(redirectUriProblem('https://user:pw@example.com/cb')).toMatch(/credentials/);
    expect(redirectUriProblem('not a url')).toMatch(/not a URL/);
    expect(redirectUriProblem(`https://example.com/${'a'.repeat(OAUTH_CLIENT_LIMITS.maxUriLength)}`)).toMatch(/long/);
  });
});
