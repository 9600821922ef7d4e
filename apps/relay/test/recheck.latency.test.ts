import { formatNoteDocumentName } from '@baalda/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextOpId, postOps, readBody } from './apiBody';
import { pgliteBackend } from './backends';
import { appendParagraph, connectPeer, eventually } from './clients';
import { addPerson, type Person, restrictFolder, revokeTokenOf } from './people';
import { startTestRelay, type TestRelay } from './relays';
import { openAs, type Session } from './syncAs';

// ACL6's promise is a time: a reader who lost the right is cut within 5 s. The ordinary lane checks that the
// cut comes and what it says; this file, in the measuring lane (run alone, once the other suites are over),
// checks the time, which a loaded machine would otherwise decide.
const PROMISED_MS = 5000;
const SECRET = 'latencySecretNote01';
const SHARED = 'latencySharedNote01';

describe('ACL6 rechecks in time (measuring lane)', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  const open: Array<{ destroy(): void }> = [];
  let alice: Person;
  let dave: Person;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    const made = await postOps(relay, [
      { opId: nextOpId(), kind: 'createNote', docId: SECRET, path: 'Private/Secret.md', createdAt: Date.now() },
      { opId: nextOpId(), kind: 'createNote', docId: SHARED, path: 'Shared/Plan.md', createdAt: Date.now() },
    ]);
    expect((await readBody(made)).results).toMatchObject([{ ok: true }, { ok: true }]);
    const writer = await connectPeer(relay, formatNoteDocumentName(SECRET));
    appendParagraph(writer.doc, 'the launch codes are 0000');
    open.push(writer);
    alice = await addPerson(relay, 'alice', 'editor');
    dave = await addPerson(relay, 'dave', 'editor');
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
    expect(opened.synced()).toBe(true);
    return opened;
  }

  /** Milliseconds from `act` until the session hears a denial. */
  async function timeToCut(reader: Session, act: () => Promise<unknown>): Promise<number> {
    const started = performance.now();
    await act();
    await eventually(
      () => reader.denials.length > 0,
      () => `still open (closes: ${reader.closes()})`,
      PROMISED_MS * 4,
    );
    return performance.now() - started;
  }

  it('[ACL6] a member taken off a private folder is cut within 5 s', async () => {
    const member = await session(alice, SECRET);
    const took = await timeToCut(member, () => restrict(['owner@baalda.test']));
    console.log(`ACL6 member taken off a private folder: cut after ${took.toFixed(0)} ms`);
    expect(took).toBeLessThan(PROMISED_MS);
  });

  it('[ACL3, ACL6] a revoked token is cut within 5 s', async () => {
    const reader = await session(dave, SHARED);
    const took = await timeToCut(reader, () => revokeTokenOf(relay, dave));
    console.log(`ACL6 revoked token: cut after ${took.toFixed(0)} ms`);
    expect(took).toBeLessThan(PROMISED_MS);
  });
});
