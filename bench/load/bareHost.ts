// The baseline of the load benches: bare Hocuspocus (the relay's version, no extensions) with documents kept
// in memory, forked by relayProcess.ts like relayHost.ts and answering the same IPC, so the same client fleet
// with the same edits measures both in one run.
import { writeHeapSnapshot } from 'node:v8';
import { Server } from '@hocuspocus/server';
import * as Y from 'yjs';
import { answerHostRequests } from './hostReadings';

if (typeof globalThis.gc !== 'function') throw new Error('usage: node --expose-gc bareHost.ts');

// The in-memory document store: what a document held when it was unloaded, loaded again when asked for.
const stored = new Map<string, Uint8Array>();

// The relay's store timing (syncServer.ts), so both unload documents at the same pace.
const server = new Server({
  port: 0,
  address: '127.0.0.1',
  quiet: true,
  stopOnSignals: false,
  debounce: 1000,
  maxDebounce: 2000,
  async onLoadDocument({ document, documentName }) {
    const state = stored.get(documentName);
    if (state) Y.applyUpdate(document, state);
    return document;
  },
  async onStoreDocument({ document, documentName }) {
    stored.set(documentName, Y.encodeStateAsUpdate(document));
  },
});
await server.listen();

answerHostRequests(server.hocuspocus, {
  snapshot: (path) => writeHeapSnapshot(path),
  semanticWaiting: async () => 0,
  stop: () => server.destroy(),
});
process.send?.({ type: 'started', httpUrl: server.httpURL.replace(/\/$/, '') });
