import { API } from '@baalda/core/api';
import type { VaultScope } from '../../apps/web/lib/account/localNames';
import { type DeviceEdit, editOnDevice, pendingNotesOnDevice } from './deviceStore';
import { emptyVault, expectSyncState, openPerson, type Person } from './helpers';
import { goOffline, goOnline } from './network';
import { relayApi, succeed } from './relayClient';
import { type APIRequestContext, expect, test } from './relayFixture';
import { markRelayLog, preAuthRefusalsSince, type RelayLogMark } from './relayLog';
import { createNotesOverApi, readNotesOverMcp, readOnlyToken } from './relayNotes';

// Four times WS9's 50 documents before a socket's first authentication, twice Hocuspocus's 100 pending.
const NOTE_COUNT = 200;

test.beforeEach(async ({ request }) => emptyVault(request));

function numbered(index: number): string {
  return String(index + 1).padStart(3, '0');
}

function editOf(docId: string, index: number): DeviceEdit {
  return { docId, markdown: `Edited offline as note ${numbered(index)} of ${NOTE_COUNT}.` };
}

async function scopeOf(request: APIRequestContext): Promise<VaultScope> {
  const { user } = await succeed(relayApi(request), API.authState, {});
  if (!user) throw new Error('the backlog test needs a signed-in person');
  return { userId: user.id, vaultId: 'default' };
}

// The notes whose edit the relay does not have (yet).
async function missingOnRelay(request: APIRequestContext, token: string, edits: readonly DeviceEdit[]) {
  const texts = await readNotesOverMcp(
    request,
    token,
    edits.map((edit) => edit.docId),
  );
  return edits.filter((edit) => !texts.get(edit.docId)?.includes(edit.markdown)).map((edit) => edit.markdown);
}

/**
 * The link drops while the catch-up is under way, with a full set of notes open on the socket, and comes
 * back: they all speak again at once, on a fresh socket that has authenticated nothing yet.
 */
async function dropLinkMidCatchUp(alice: Person, scope: VaultScope): Promise<void> {
  await expect
    .poll(() => pendingNotesOnDevice(alice.page, scope), { intervals: [25] })
    .toBeLessThanOrEqual(NOTE_COUNT - 5);
  await goOffline(alice.context);
  await expectSyncState(alice.page, 'offline');
  await goOnline(alice.context);
}

// No reload and no note opened: the app's own catch-ups must send every one, and the relay refuse nothing.
async function expectDeviceDelivered(alice: Person, scope: VaultScope, mark: RelayLogMark): Promise<void> {
  await expect
    .poll(
      async () => ({
        pendingOnDevice: await pendingNotesOnDevice(alice.page, scope),
        preAuthRefusals: preAuthRefusalsSince(mark),
      }),
      { timeout: 30_000, message: 'every note the device holds as pending is delivered' },
    )
    .toEqual({ pendingOnDevice: 0, preAuthRefusals: [] });
  await expectSyncState(alice.page, 'synced');
}

test('[SW1][SYNC3] 200 notes edited offline reach the relay without a reload, through a link that drops mid-catch-up, with no refusal before authentication', async ({
  browser,
  request,
}) => {
  // About 45 s on two cores: the relay creating 200 notes and the device writing 200 local databases.
  test.setTimeout(90_000);
  const paths = Array.from({ length: NOTE_COUNT }, (_, index) => `Backlog ${numbered(index)}.md`);
  const edits = (await createNotesOverApi(request, paths)).map(editOf);
  const alice = await openPerson(browser);
  await expect(alice.page.getByTestId('tree-note')).toHaveCount(NOTE_COUNT);
  const scope = await scopeOf(alice.context.request);

  await goOffline(alice.context);
  await expect.poll(() => alice.page.evaluate(() => navigator.onLine)).toBe(false);
  await expectSyncState(alice.page, 'offline');
  await editOnDevice(alice.page, scope, edits);
  expect(await pendingNotesOnDevice(alice.page, scope)).toBe(NOTE_COUNT);

  const mark = markRelayLog();
  await goOnline(alice.context);
  await dropLinkMidCatchUp(alice, scope);
  await expectDeviceDelivered(alice, scope, mark);

  const token = await readOnlyToken(request);
  await expect.poll(() => missingOnRelay(request, token, edits), { timeout: 15_000 }).toEqual([]);
  expect(preAuthRefusalsSince(mark)).toEqual([]);

  await alice.context.close();
});
