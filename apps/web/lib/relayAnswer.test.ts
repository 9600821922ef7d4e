import { afterEach, describe, expect, it, vi } from 'vitest';
import { relayAccessApi } from './access/accessApi';
import { createRelayVersionApi } from './history/versionApi';
import { postVaultOps } from './vault/vaultApi';

/** A test double of `fetch`: every request gets this status and JSON body, as the relay would send it. */
function answerEveryRequestWith(status: number, body: unknown): void {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status }));
}

const alice = { userId: 'u-alice', email: 'alice@example.com', name: 'Alice', role: 'owner' };

describe('a relay answer that breaks its contract', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('[CT1] reaches the person as a clear error naming the field and what was wrong with it', async () => {
    answerEveryRequestWith(200, { member: { ...alice, role: 'admin' } });
    expect(await relayAccessApi.changeRole('default', 'u-alice', 'owner')).toEqual({
      ok: false,
      code: 'RESPONSE_INVALID',
      message:
        'The relay sent an answer this app does not understand: member.role: must be one of "owner", "editor", "viewer".',
    });
  });

  it('[CT1] a missing field is named too, never read as undefined', async () => {
    answerEveryRequestWith(200, { restored: 'v2' });
    expect(await createRelayVersionApi('default').restoreVersion('AliceNoteId_0000001', 'v1')).toEqual({
      ok: true,
      captured: null,
    });
    answerEveryRequestWith(200, { captured: 'v9' });
    expect(await createRelayVersionApi('default').restoreVersion('AliceNoteId_0000001', 'v1')).toMatchObject({
      ok: false,
      message: 'The relay sent an answer this app does not understand: restored: is required.',
    });
  });

  it('[CT1, OP2] an ops answer with a version of the wrong type is refused whole', async () => {
    answerEveryRequestWith(200, { version: '7', results: [] });
    const answer = await postVaultOps('default', []);
    expect(answer).toMatchObject({ ok: false, code: 'RESPONSE_INVALID' });
    expect(answer.ok || answer.message).toBe(
      'The relay sent an answer this app does not understand: version: must be a number.',
    );
  });
});
