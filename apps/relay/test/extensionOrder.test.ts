import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteBackend } from './backends';
import { startTestRelay, type TestRelay } from './relays';

// The order Hocuspocus runs the running relay's extensions in, read from the server itself: a priority
// changed in one extension's file, or an extension added without one, shows here.
describe("the sync server's extensions", () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
  });

  afterAll(async () => {
    await relay.close();
    await dispose();
  });

  it('[LAYER2] run in the written order: index, access, versions, persistence, vault channel, presence', () => {
    const ours = relay.hocuspocus.configuration.extensions.filter((extension) => extension.constructor !== Object);
    expect(ours.map((extension) => extension.constructor.name)).toEqual([
      'IndexExtension',
      'AccessExtension',
      'VersionExtension',
      'PersistenceExtension',
      'VaultChannelExtension',
      'PresenceExtension',
    ]);
  });
});
