import { formatNoteDocumentName } from '@baalda/core';
import { afterEach, describe, expect, it } from 'vitest';
import { testBackends } from './backends';
import { appendParagraph, connectPeer, eventually, type Peer } from './clients';
import { startTestRelay, type TestRelay } from './relays';

const documentName = formatNoteDocumentName('alicesFirstNote_0001');

describe.each(testBackends())('relay on $name', (backend) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function relayOn(target: Parameters<typeof startTestRelay>[0], storeDebounceMs?: number): Promise<TestRelay> {
    const relay = await startTestRelay(target, { storeDebounceMs });
    cleanups.push(() => relay.close());
    return relay;
  }

  async function peer(relay: TestRelay): Promise<Peer> {
    const connected = await connectPeer(relay, documentName);
    cleanups.push(() => connected.destroy());
    return connected;
  }

  it('[SYNC1] two providers converge, and a restarted relay serves the merged text to a third', async () => {
    const database = await backend.create();
    cleanups.push(() => database.dispose());
    const relay = await relayOn(database.target);
    const alice = await peer(relay);
    const bob = await peer(relay);
    appendParagraph(alice.doc, 'Refund policy');
    appendParagraph(bob.doc, 'Refunds within 30 days.');
    await eventually(
      () => alice.text() === bob.text() && alice.text().split('\n').length === 2,
      () => `alice=${JSON.stringify(alice.text())} bob=${JSON.stringify(bob.text())}`,
    );
    const merged = alice.text();
    alice.destroy();
    bob.destroy();
    await relay.close();

    const restarted = await relayOn(database.target);
    const carol = await peer(restarted);
    expect(carol.text()).toBe(merged);
    expect(merged).toMatch(/^(Refund policy\nRefunds within 30 days\.|Refunds within 30 days\.\nRefund policy)$/);
  });

  it('[SYNC2] closing the relay stores changes that were still waiting for their debounce', async () => {
    const database = await backend.create();
    cleanups.push(() => database.dispose());
    const relay = await relayOn(database.target, 60_000);
    const alice = await peer(relay);
    appendParagraph(alice.doc, 'Written just before shutdown');
    await eventually(
      () => relay.hocuspocus.documents.get(documentName)?.getXmlFragment('default').length === 1,
      () => 'relay never received alice’s edit',
    );
    await relay.close();
    alice.destroy();

    const restarted = await relayOn(database.target);
    const carol = await peer(restarted);
    expect(carol.text()).toBe('Written just before shutdown');
  });
});
