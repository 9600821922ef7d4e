import { describe, expect, it } from 'vitest';
import {
  grantedScope,
  isOAuthAccessTokenShape,
  isOAuthRefreshTokenShape,
  mayOfferWrite,
  OAUTH_CLIENT_LIMITS,
  oauthGrantName,
  redirectTargetProblem,
  unknownScopes,
} from './oauthRules';

const BODY = 'A'.repeat(43);

describe('OAuth rules', () => {
  it('[OAU1] read is always granted, write only when allowed; unknown scopes are named', () => {
    expect(grantedScope(true)).toBe('notes:read');
    expect(grantedScope(false)).toBe('notes:read notes:write');
    expect(mayOfferWrite([])).toBe(true);
    expect(mayOfferWrite(['notes:read'])).toBe(false);
    expect(mayOfferWrite(['notes:read', 'notes:write'])).toBe(true);
    expect(unknownScopes(['notes:read', 'admin', 'openid'])).toEqual(['admin', 'openid']);
  });

  it('[OAU2] access and refresh tokens have prefixes of their own, never a personal token’s', () => {
    expect(isOAuthAccessTokenShape(`baalda_oat_${BODY}`)).toBe(true);
    expect(isOAuthAccessTokenShape(`baalda_ort_${BODY}`)).toBe(false);
    expect(isOAuthAccessTokenShape(`baalda_pat_${BODY}`)).toBe(false);
    expect(isOAuthAccessTokenShape(`baalda_oat_${BODY}x`)).toBe(false);
    expect(isOAuthRefreshTokenShape(`baalda_ort_${BODY}`)).toBe(true);
    expect(isOAuthRefreshTokenShape(`baalda_ort_${BODY.slice(1)}!`)).toBe(false);
  });

  it('[OAU10] a browser goes back to https, loopback http or an app’s reverse-domain scheme only', () => {
    const target = (protocol: string, hostname = '') => redirectTargetProblem({ protocol, hostname });
    for (const [protocol, hostname] of [
      ['https:', 'claude.ai'],
      ['http:', '127.0.0.1'],
      ['http:', 'localhost'],
      ['http:', '[::1]'],
      ['com.example.app:', ''],
      ['io.github.someone.notes-app:', 'callback'],
    ]) {
      expect(target(protocol ?? '', hostname), `${protocol}//${hostname}`).toBeNull();
    }
    expect(target('http:', 'example.com')).toMatch(/https/);
    expect(target('http:', '127.0.0.1.nip.io')).toMatch(/https/);
    for (const refused of ['javascript:', 'data:', 'file:', 'vbscript:', 'ms-msdt:', 'search-ms:', 'view-source:']) {
      expect(target(refused), refused).toMatch(/may not use/);
    }
    for (const dotless of ['cursor:', 'myapp:', 'ftp:', 'blob:', 'about:', 'ws:', 'wss:', 'a.:', '.b:']) {
      expect(target(dotless), dotless).toMatch(/reverse domain/);
    }
  });

  it('[OAU5] a grant is named after its client, cleaned and bounded', () => {
    expect(oauthGrantName('Claude')).toBe('Claude (OAuth)');
    expect(oauthGrantName(undefined)).toBe('An assistant (OAuth)');
    expect(oauthGrantName('  \u0007 ')).toBe('An assistant (OAuth)');
    expect(oauthGrantName('Bad\nName')).toBe('Bad Name (OAuth)');
    expect([...oauthGrantName('😀'.repeat(200))]).toHaveLength(OAUTH_CLIENT_LIMITS.maxNameLength);
  });
});
