import { describe, expect, it } from 'vitest';
import { signedInPageOf } from './signedInPage';

describe('the first page of a signed-in person', () => {
  it('[OAC1] shows an assistant’s consent for `?oauth=` while online', () => {
    expect(signedInPageOf({ invite: null, oauth: 'auth-1' }, false)).toEqual({
      kind: 'oauthConsent',
      authorizationId: 'auth-1',
    });
  });

  it('[OAC1] shows the notes offline: the consent needs the relay', () => {
    expect(signedInPageOf({ invite: null, oauth: 'auth-1' }, true)).toEqual({ kind: 'notes' });
    expect(signedInPageOf({ invite: 'secret', oauth: null }, true)).toEqual({ kind: 'notes' });
  });

  it('[OAC1] lets an invite go first when both are in the URL', () => {
    expect(signedInPageOf({ invite: 'secret', oauth: 'auth-1' }, false)).toEqual({ kind: 'invite', secret: 'secret' });
  });

  it('shows the notes when the URL asks for nothing else', () => {
    expect(signedInPageOf({ invite: null, oauth: null }, false)).toEqual({ kind: 'notes' });
  });
});
