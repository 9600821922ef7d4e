import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { quietWebSocket } from '../../packages/sync-client/src/quietWebSocket';
import { editor, expectSyncState, openFromTree } from './helpers';
import { writeToken } from './relayNotes';

/** How a spec reaches notes' Y documents on the relay: its address and a token that may write. */
export interface DocumentAccess {
  readonly baseURL: string;
  readonly token: string;
}

/** A note's document as the relay holds it, over a sync socket of its own. */
interface RelayDocument {
  readonly doc: Y.Doc;
  /** Resolves once the relay has acknowledged every change made to `doc`. */
  delivered(): Promise<void>;
  close(): void;
}

// A socket error must not end the test's process (see quietWebSocket).
const TestWebSocket = quietWebSocket(WebSocket);
const SETTLE_TIMEOUT_MS = 15_000;

/** Access to the relay at `baseURL` (the spec's `baseURL` fixture) as whoever `request` is signed in as. */
export async function documentAccess(request: APIRequestContext, baseURL: string | undefined): Promise<DocumentAccess> {
  if (!baseURL) throw new Error('documentAccess needs the relay’s baseURL');
  return { baseURL, token: await writeToken(request) };
}

async function openRelayDocument({ baseURL, token }: DocumentAccess, docId: string): Promise<RelayDocument> {
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({
    url: `${baseURL.replace(/^http/, 'ws')}/sync`,
    WebSocketPolyfill: TestWebSocket,
  });
  // No awareness: this reader is nobody the note's editors should see.
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: `note:${docId}`,
    document: doc,
    token,
    awareness: null,
  });
  const close = () => {
    provider.destroy();
    socket.destroy();
  };
  await settled(provider, docId, close);
  return { doc, delivered: () => delivered(provider, docId), close };
}

function settled(provider: HocuspocusProvider, docId: string, close: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`note:${docId} did not sync within ${SETTLE_TIMEOUT_MS} ms`)),
      SETTLE_TIMEOUT_MS,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      close();
      reject(error);
    };
    provider.on('synced', () => {
      clearTimeout(timer);
      resolve();
    });
    provider.on('authenticationFailed', ({ reason }: { reason: string }) =>
      fail(new Error(`note:${docId}: ${reason}`)),
    );
    provider.attach();
  });
}

async function delivered(provider: HocuspocusProvider, docId: string): Promise<void> {
  await expect
    .poll(() => provider.unsyncedChanges, { message: `the relay acknowledges every change to note:${docId}` })
    .toBe(0);
}

/** Changes a note's document on the relay as core would (one transaction), and waits until the relay has it. */
export async function writeNoteDocument(
  access: DocumentAccess,
  docId: string,
  write: (fragment: Y.XmlFragment) => void,
): Promise<void> {
  const relay = await openRelayDocument(access, docId);
  try {
    relay.doc.transact(() => write(relay.doc.getXmlFragment('default')));
    await relay.delivered();
  } finally {
    relay.close();
  }
}

/** What an element of a note's document holds: elements and texts, as Tiptap's binding stores them. */
export type YChild = Y.XmlElement | Y.XmlText;

/** An element of a note's document (a node of the editor's schema) with its attributes and children. */
export function yElement(name: string, children: YChild[] = [], attrs: Record<string, string | number> = {}) {
  const node = new Y.XmlElement(name);
  // Core writes numbers (a heading's level) as numbers; Yjs's typing only says attributes are strings.
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value as string);
  node.insert(0, children);
  return node;
}

/** A run of text with no marks. */
export function yText(value: string): Y.XmlText {
  const node = new Y.XmlText();
  node.insert(0, value);
  return node;
}

/**
 * A copy of a note's document as the relay holds it now, read over a new connection: whatever the relay had
 * applied before the call is in it, since the relay answers a new connection with its whole state.
 */
export async function readNoteDocument(access: DocumentAccess, docId: string): Promise<Y.Doc> {
  const relay = await openRelayDocument(access, docId);
  relay.close();
  return relay.doc;
}

/**
 * Opens the note in `page` from the tree and asserts the relay's document is exactly as before: no insert
 * (the state vector) and no delete (the delete set), once the editor has shown the note and the page has
 * delivered whatever it wrote. y-prosemirror writes as it shows a note when the Y document doesn't fit the
 * schema (it deletes what it can't show) or differs from the document the editor made of it (a trailing
 * paragraph, a default attribute), so any such write is seen here.
 */
export async function expectOpensWithoutWriting(page: Page, access: DocumentAccess, docId: string): Promise<void> {
  const before = await readNoteDocument(access, docId);
  await openFromTree(page, docId);
  await expect(editor(page)).toBeVisible();
  // Shown is enough: the editor writes while it makes the note's document, which it does as it shows it.
  await expectSyncState(page, 'synced');
  const after = await readNoteDocument(access, docId);
  const fragmentOf = (doc: Y.Doc) => doc.getXmlFragment('default').toString();
  expect(fragmentOf(after), `note ${docId} as the relay has it after it was opened`).toBe(fragmentOf(before));
  expect(Y.equalSnapshots(Y.snapshot(before), Y.snapshot(after)), `no change at all to note ${docId}`).toBe(true);
}
