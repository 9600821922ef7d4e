import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  readInvite,
  readMember,
  readMembers,
  readNewToken,
  readRestrictions,
  readTokens,
  relayAccessApi,
} from './accessApi';

const answered = (answer: unknown) => ({ ok: true as const, answer });
const createdAt = '2026-03-12T14:03:22.000Z';
const alice = { userId: 'u-alice', email: 'alice@example.com', name: 'Alice', role: 'owner' };
const token = {
  id: 't1',
  name: 'CLI',
  vaultId: 'default',
  readOnly: true,
  createdAt,
  expiresAt: null,
  lastUsedAt: createdAt,
  revokedAt: null,
  oauthClient: null,
};

describe('reading the relay’s access answers', () => {
  it('reads members and skips one with a role this build does not know instead of guessing', () => {
    const bob = { userId: 'u-bob', email: 'bob@example.com', name: '', role: 'editor' };
    expect(readMembers(answered({ members: [alice, bob, { ...alice, userId: 'u-x', role: 'admin' }] }))).toEqual({
      ok: true,
      members: [
        { userId: 'u-alice', email: 'alice@example.com', name: 'Alice', role: 'owner' },
        { userId: 'u-bob', email: 'bob@example.com', name: null, role: 'editor' },
      ],
    });
  });

  it('says clearly when a list has the wrong shape', () => {
    for (const body of [undefined, {}, { members: 'none' }]) {
      expect(readMembers(answered(body))).toEqual({
        ok: false,
        code: 'RESPONSE_INVALID',
        message: 'The server sent a member list this app could not read.',
      });
    }
    expect(readTokens(answered({ tokens: {} }))).toMatchObject({ ok: false, code: 'RESPONSE_INVALID' });
    expect(readRestrictions(answered(null))).toMatchObject({ ok: false, code: 'RESPONSE_INVALID' });
  });

  it('passes a relay failure through unchanged', () => {
    const failure = { ok: false as const, code: 'LAST_OWNER', message: 'last owner' };
    expect(readMember(failure)).toBe(failure);
    expect(readNewToken(failure)).toBe(failure);
  });

  it('[ACL3] reads tokens with their times as epoch ms, and skips one with an unreadable time', () => {
    const list = readTokens(answered({ tokens: [token, { ...token, id: 't2', expiresAt: 'soon' }] }));
    expect(list).toEqual({
      ok: true,
      tokens: [{ ...token, createdAt: Date.parse(createdAt), lastUsedAt: Date.parse(createdAt) }],
    });
  });

  it('[OAC3] reads which assistant an OAuth grant was given to', () => {
    const grant = { ...token, oauthClient: 'Claude' };
    expect(readTokens(answered({ tokens: [grant] }))).toMatchObject({ ok: true, tokens: [{ oauthClient: 'Claude' }] });
  });

  it('[ACL3] a new token must come with its secret, the only time it is shown', () => {
    expect(readNewToken(answered({ token, secret: 'baalda_pat_x' }))).toMatchObject({
      ok: true,
      secret: 'baalda_pat_x',
    });
    expect(readNewToken(answered({ token }))).toMatchObject({ ok: false, code: 'RESPONSE_INVALID' });
  });

  it('reads an invite only when its link stays on this origin', () => {
    const invite = { secret: 's', path: '/?invite=s', role: 'viewer', expiresAt: createdAt };
    expect(readInvite(answered(invite))).toEqual({
      ok: true,
      invite: { path: '/?invite=s', role: 'viewer', expiresAt: Date.parse(createdAt) },
    });
    for (const path of ['https://evil.example/?invite=s', '//evil.example/', '']) {
      expect(readInvite(answered({ ...invite, path }))).toMatchObject({ ok: false, code: 'RESPONSE_INVALID' });
    }
  });
});

describe('the relay access client', () => {
  afterEach(() => vi.unstubAllGlobals());

  const stubFetch = (status: number, body?: unknown) => {
    const fetchMock = vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };

  it('changes a role with PUT on the member, escaping the ids', async () => {
    const fetchMock = stubFetch(200, { member: { ...alice, role: 'editor' } });
    const answer = await relayAccessApi.changeRole('my vault', 'u/alice', 'editor');
    expect(answer).toMatchObject({ ok: true, member: { role: 'editor' } });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/vaults/my%20vault/members/u%2Falice',
      expect.objectContaining({ method: 'PUT', body: JSON.stringify({ role: 'editor' }) }),
    );
  });

  it('lifts a restriction with DELETE and the folder in the query; 204 is success', async () => {
    const fetchMock = stubFetch(204);
    expect(await relayAccessApi.liftRestriction('default', 'HR & Pay')).toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/vaults/default/restrictions?path=HR%20%26%20Pay',
      expect.objectContaining({ method: 'DELETE', headers: { 'content-type': 'application/json' } }),
    );
  });

  it('[ACL3] asks for a token that never expires by leaving expiresInDays out', async () => {
    const fetchMock = stubFetch(201, { token, secret: 'baalda_pat_x' });
    await relayAccessApi.createToken({ name: 'CLI', vaultId: 'default', readOnly: true, expiresInDays: null });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/tokens',
      expect.objectContaining({ body: JSON.stringify({ name: 'CLI', vaultId: 'default', readOnly: true }) }),
    );
  });

  it('reports the relay’s error code, e.g. the last owner refusing to step down', async () => {
    stubFetch(409, { error: { code: 'LAST_OWNER', message: 'The vault needs an owner.' } });
    expect(await relayAccessApi.removeMember('default', 'u-alice')).toEqual({
      ok: false,
      code: 'LAST_OWNER',
      message: 'The vault needs an owner.',
    });
  });
});
