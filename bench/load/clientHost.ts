// A worker of bench clients, forked by clientFleet.ts: hosts its share of the clients so that the bench's
// own decoding and bookkeeping never runs on the relay's thread, and answers the fleet over IPC.
import { EDITOR_FRAGMENT } from '@baalda/markdown';
import { quietWebSocket } from '@baalda/sync-client';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { appendParagraph } from 'baalda-relay/testing/benchProcesses';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { type ClientSpec, editIdsIn, editParagraphText, type WorkerReply, type WorkerRequest } from './clientProtocol';

interface Client {
  readonly doc: Y.Doc;
  readonly provider: HocuspocusProvider;
  readonly socket: HocuspocusProviderWebsocket;
}

/**
 * SW2: `ws` emits 'error' when a socket still connecting is closed, which the provider does when a connection
 * attempt times out and it retries; it has let go of the socket by then, and an 'error' no one listens to
 * ends a Node process (a browser's WebSocket only logs it). The provider still hears errors through its own
 * handlers; this listener only keeps a late one from ending the worker.
 */
const BenchWebSocket = quietWebSocket(WebSocket);

const clients = new Map<number, Client>();
let drops = 0;
let sent: Array<[number, number]> = [];
let received: Array<[number, number]> = [];
const now = () => performance.timeOrigin + performance.now();

async function connectClient(spec: ClientSpec, syncUrl: string, token: string): Promise<void> {
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({ url: syncUrl, WebSocketPolyfill: BenchWebSocket });
  const provider = new HocuspocusProvider({ websocketProvider: socket, name: spec.documentName, document: doc, token });
  provider.attach();
  // `disconnect` is the socket closing; the bench's own disconnects destroy the provider first.
  provider.on('disconnect', () => {
    if (clients.has(spec.id)) drops += 1;
  });
  await new Promise<void>((resolve) => provider.on('synced', () => resolve()));
  // Counted only after the first sync, so paragraphs that arrive in it are not fan-out samples.
  doc.on('update', (update: Uint8Array, _origin: unknown, _doc: Y.Doc, transaction: Y.Transaction) => {
    if (!transaction.local) recordReceipts(update);
  });
  clients.set(spec.id, { doc, provider, socket });
}

// An update event carries only what the doc just integrated, and Yjs writes a paragraph's text into it
// verbatim, so the edit ids are read from its bytes. Yjs's own `event.changes` walks the whole fragment on
// every event: it cost the clients more than applying the update, and they already limit this bench.
function recordReceipts(update: Uint8Array): void {
  const at = now();
  const bytes = Buffer.from(update.buffer, update.byteOffset, update.byteLength).toString('latin1');
  for (const editId of editIdsIn(bytes)) received.push([editId, at]);
}

// A few connections at a time: hundreds at once make the relay's first syncs queue behind each other.
async function connectAll(specs: ClientSpec[], syncUrl: string, token: string): Promise<void> {
  for (let start = 0; start < specs.length; start += 20) {
    await Promise.all(specs.slice(start, start + 20).map((spec) => connectClient(spec, syncUrl, token)));
  }
}

function clientOf(id: number): Client {
  const client = clients.get(id);
  if (!client) throw new Error(`no bench client ${id} in this worker`);
  return client;
}

function edit(id: number, editId: number, keepParagraphs: number | undefined): void {
  const { doc } = clientOf(id);
  sent.push([editId, now()]);
  appendParagraph(doc, editParagraphText(editId));
  const fragment = doc.getXmlFragment(EDITOR_FRAGMENT);
  if (keepParagraphs !== undefined && fragment.length > keepParagraphs) {
    fragment.delete(0, fragment.length - keepParagraphs);
  }
}

async function append(id: number, texts: string[]): Promise<void> {
  const { doc, provider } = clientOf(id);
  doc.transact(() => {
    for (const text of texts) appendParagraph(doc, text);
  });
  while (provider.hasUnsyncedChanges) await new Promise((resolve) => setTimeout(resolve, 10));
}

function disconnect(ids: number[]): void {
  for (const id of ids) {
    const client = clients.get(id);
    client?.provider.destroy();
    client?.socket.destroy();
    clients.delete(id);
  }
}

let lastUtilization = performance.eventLoopUtilization();

function collect(): WorkerReply['times'] {
  const busy = performance.eventLoopUtilization(lastUtilization).utilization;
  const times = { sent, received, workersBusy: [busy], drops };
  drops = 0;
  lastUtilization = performance.eventLoopUtilization();
  sent = [];
  received = [];
  return times;
}

async function handle(request: WorkerRequest): Promise<WorkerReply> {
  const done = { type: 'done' as const, requestId: request.requestId };
  if (request.type === 'connect') await connectAll(request.clients, request.syncUrl, request.token);
  if (request.type === 'disconnect') disconnect(request.clients);
  if (request.type === 'append') await append(request.client, request.texts);
  if (request.type === 'edit') edit(request.client, request.editId, request.keepParagraphs);
  if (request.type === 'collect') return { ...done, times: collect() };
  if (request.type === 'stop') disconnect([...clients.keys()]);
  return done;
}

process.on('message', (request: WorkerRequest) => {
  handle(request).then(
    // Exiting before the reply is flushed would lose it, and the fleet would wait for it forever.
    (reply) => process.send?.(reply, () => request.type === 'stop' && process.exit(0)),
    (error: unknown) => process.send?.({ type: 'done', requestId: request.requestId, error: String(error) }),
  );
});
