import { describe, expect, it } from 'vitest';
import type { VaultEntry } from './accountTypes';
import { ASKED_READ_ONLY, consentChoiceOf, VIEWER_READS_ONLY } from './oauthChoice';

const team: VaultEntry = { id: 'team', name: 'Team', role: 'editor' };
const mine: VaultEntry = { id: 'mine', name: 'Mine', role: 'owner' };
const shared: VaultEntry = { id: 'shared', name: 'Shared', role: 'viewer' };

describe('the choices of the consent card', () => {
  it('[OAC2] starts on the first vault, read only', () => {
    expect(consentChoiceOf(true, [team, mine], null, false)).toEqual({
      vault: team,
      writeRefusal: null,
      readOnly: true,
    });
  });

  it('[OAC2] offers writing for a vault the person may write in, when the assistant did not ask to read only', () => {
    expect(consentChoiceOf(true, [team, mine], 'mine', true)).toMatchObject({ vault: mine, readOnly: false });
    expect(consentChoiceOf(true, [team], 'team', true)).toMatchObject({ writeRefusal: null, readOnly: false });
  });

  it('[OAC2] never offers writing to an assistant that asked to read only', () => {
    expect(consentChoiceOf(false, [mine], 'mine', true)).toEqual({
      vault: mine,
      writeRefusal: ASKED_READ_ONLY,
      readOnly: true,
    });
  });

  it('[OAC2] never offers writing in a vault the person may only read (a grant has no more rights than them)', () => {
    expect(consentChoiceOf(true, [team, shared], 'shared', true)).toEqual({
      vault: shared,
      writeRefusal: VIEWER_READS_ONLY,
      readOnly: true,
    });
  });

  it('[OAC2] falls back to the first vault for a pick that is not one of the person’s', () => {
    expect(consentChoiceOf(true, [shared, team], 'gone', false).vault).toBe(shared);
  });

  it('[OAC2] has no vault to allow for a person without one', () => {
    expect(consentChoiceOf(true, [], null, true)).toEqual({ vault: null, writeRefusal: null, readOnly: true });
  });
});
