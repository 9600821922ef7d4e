import { formatNoteDocumentName, formatVaultDocumentName } from '@baalda/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { nextOpId, postOps } from './apiBody';
import { pgliteBackend } from './backends';
import { appendParagraph, connectPeer, eventually, type Peer } from './clients';
import { addPerson, grantRole, type Person, restrictFolder, revokeTokenOf } from './people';
import { startTestRelay, type TestRelay } from './relays';
import { openAs, type Session } from './syncAs';

// A cut is waited for as a condition, bounded only so that a failure says what was still open before the
// test's own limit; how fast it comes (ACL6: 5 s) is checked in the measuring lane (recheck.latency).
const WAIT_MS = 40_000;

const SHARED = 'sharedPlanNote00001';
const SECRET = 'privateSecretNote01';
const CREATED = Date.UTC(2026, 10, 30);

describe('access at the sync door (ACL1, ACL2, ACL4, ACL6)', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  const open: Array<{ destroy(): void }> = [];
  let owner: Peer;
  let alice: Person;
  let bob: Person;
  let carol: Person;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    await postOps(relay, [
      { opId: nextOpId(), kind: 'createNote', docId: SHARED, path: 'Shared/Plan.md', createdAt: CREATED },
      { opId: nextOpId(), kind: 'createNote', docId: SECRET, path: 'Private/Secret.md', createdAt: CREATED },
    ]);
    owner = await connectPeer(relay, formatNoteDocumentName(SHARED));
    appendParagraph(owner.doc, 'the shared plan');
    const secretWriter = await connectPeer(relay, formatNoteDocumentName(SECRET));
    appendParagraph(secretWriter.doc, 'the launch codes are 0000');
    open.push(owner, secretWriter);
    alice = await addPerson(relay, 'alice', 'editor');
    bob = await addPerson(relay, 'bob', 'viewer');
    carol = await addPerson(relay, 'carol', 'editor');
    await restrict(['owner@baalda.test', alice.email]);
  });

  afterAll(async () => {
    for (const session of open) session.destroy();
    await relay.close();
    await dispose();
  });

  function restrict(memberEmails: string[]): Promise<void> {
    return restrictFolder(relay, 'Private', memberEmails);
  }

  async function session(person: Person, docId: string): Promise<Session> {
    const opened = await openAs(relay.syncUrl, person.token, formatNoteDocumentName(docId));
    open.push(opened);
    return opened;
  }

  it('[ACL1] a viewer reads a note, but its updates are refused and never stored', async () => {
    const viewer = await session(bob, SHARED);
    expect(viewer.readOnly()).toBe(true);
    await eventually(
      () => viewer.text() === 'the shared plan',
      () => `bob reads ${JSON.stringify(viewer.text())}`,
    );
    appendParagraph(viewer.doc, 'bob was here');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(owner.text()).toBe('the shared plan');
    const fresh = await connectPeer(relay, formatNoteDocumentName(SHARED));
    open.push(fresh);
    expect(fresh.text()).toBe('the shared plan');
  });

  it('[ACL2, ACL4] someone outside a private folder gets permission-denied and not one byte of the note', async () => {
    const outsider = await session(carol, SECRET);
    expect(outsider.denials).toHaveLength(1);
    expect(outsider.denials[0]).toMatch(/^NOT_FOUND/);
    expect(outsider.synced()).toBe(false);
    expect(Y.encodeStateAsUpdate(outsider.doc)).toEqual(Y.encodeStateAsUpdate(new Y.Doc()));
    const member = await session(alice, SECRET);
    expect(member.text()).toBe('the launch codes are 0000');
  });

  it('[ACL4] a wrong or missing token opens nothing', async () => {
    for (const token of ['', 'baalda_pat_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', "x' OR 1=1 --"]) {
      const stranger = await openAs(relay.syncUrl, token, formatNoteDocumentName(SHARED));
      open.push(stranger);
      expect(stranger.denials[0]).toMatch(/^UNAUTHENTICATED/);
      expect(stranger.text()).toBe('');
    }
  });

  it('[ACL6] a member taken off a private folder is disconnected and cannot come back (its time: recheck.latency)', async () => {
    const member = await session(alice, SECRET);
    expect(member.synced()).toBe(true);
    await restrict(['owner@baalda.test']);
    await eventually(
      () => member.denials.length > 0,
      () => `alice still open (closes: ${member.closes()})`,
      WAIT_MS,
    );
    expect(member.closes()).toBeGreaterThan(0);
    expect(member.denials.at(-1)).toMatch(/^NOT_FOUND/);
  });

  it('[ACL2, ACL6] a change of who sees a folder makes every open tree re-read: the vault channel hears a new version', async () => {
    const channel = await openAs(relay.syncUrl, bob.token, formatVaultDocumentName('default'));
    open.push(channel);
    expect(channel.synced()).toBe(true);
    await restrict(['owner@baalda.test', alice.email, bob.email]);
    await eventually(
      () => channel.heard.some((message) => message.type === 'treeChanged'),
      () => `bob heard ${JSON.stringify(channel.heard)}`,
      WAIT_MS,
    );
  });

  it('[ACL3, ACL6] a revoked token is disconnected and then refused everywhere (its time: recheck.latency)', async () => {
    const dave = await addPerson(relay, 'dave', 'editor');
    const open = await session(dave, SHARED);
    expect(open.synced()).toBe(true);
    await revokeTokenOf(relay, dave);
    await eventually(
      () => open.denials.length > 0,
      () => `dave still open (closes: ${open.closes()})`,
      WAIT_MS,
    );
    expect(open.denials.at(-1)).toMatch(/^UNAUTHENTICATED/);
    expect((await dave.fetch('/api/vaults/default/tree')).status).toBe(401);
  });

  it('[ACL1, ACL6] an editor made a viewer comes back read-only; the vault channel needs a member', async () => {
    const erin = await addPerson(relay, 'erin', 'editor');
    const writable = await session(erin, SHARED);
    expect(writable.readOnly()).toBe(false);
    await grantRole(relay, erin.email, 'viewer');
    await eventually(
      () => writable.closes() > 0 && writable.readOnly() === true && writable.synced(),
      () => `erin: closes ${writable.closes()}, readOnly ${writable.readOnly()}`,
      WAIT_MS,
    );
    const outsider = await addPerson(relay, 'frank', 'viewer', 'default');
    const channel = await openAs(relay.syncUrl, outsider.token, formatVaultDocumentName('default'));
    open.push(channel);
    expect(channel.synced()).toBe(true);
    const elsewhere = await openAs(relay.syncUrl, outsider.token, formatVaultDocumentName('other'));
    open.push(elsewhere);
    expect(elsewhere.denials[0]).toMatch(/^NOT_FOUND/);
  });
});
