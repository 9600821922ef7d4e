import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatNoteDocumentName } from '@baalda/core';
import type * as Y from 'yjs';
import { silentLogger } from '../apps/relay/src/server/logger';
import { startRelay } from '../apps/relay/src/server/startRelay';
import { connectPeer } from '../apps/relay/test/clients';

/** Milliseconds from alice's local edit to bob's doc applying it, one edit at a time. */
export async function measureEditLatency(edits: number): Promise<number[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'baalda-bench-'));
  const relay = await startRelay({
    database: { kind: 'pglite', dataDir },
    port: 0,
    host: '127.0.0.1',
    webDir: '/nonexistent',
    logger: silentLogger,
  });
  const name = formatNoteDocumentName('benchLatencyNote_0001');
  const alice = await connectPeer(relay.syncUrl, name);
  const bob = await connectPeer(relay.syncUrl, name);
  const aliceText = alice.doc.getText('bench');
  const samples: number[] = [];
  try {
    for (let index = 0; index < edits; index += 1) samples.push(await timeOneEdit(aliceText, bob.doc));
  } finally {
    alice.destroy();
    bob.destroy();
    await relay.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return samples;
}

function timeOneEdit(text: Y.Text, receiver: Y.Doc): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    receiver.once('update', () => resolve(performance.now() - started));
    text.insert(text.length, 'x');
  });
}
