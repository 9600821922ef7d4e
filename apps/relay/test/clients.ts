import { EDITOR_FRAGMENT, extractPlainText } from '@baalda/markdown';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { QuietWebSocket } from './quietWebSocket';

/** A test peer (alice, bob, carol): one Y.Doc synced to the relay over a real WebSocket. */
export interface Peer {
  readonly doc: Y.Doc;
  readonly provider: HocuspocusProvider;
  readonly socket: HocuspocusProviderWebsocket;
  text(): string;
  destroy(): void;
}

/**
 * Connects a peer to `documentName` with `relay.token` and resolves once the first sync with the relay is
 * done. Pass `doc` to reconnect a device with what it kept (as the web app does from IndexedDB).
 */
export async function connectPeer(
  relay: { readonly syncUrl: string; readonly token: string },
  documentName: string,
  doc: Y.Doc = new Y.Doc(),
): Promise<Peer> {
  const socket = new HocuspocusProviderWebsocket({ url: relay.syncUrl, WebSocketPolyfill: QuietWebSocket });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: documentName,
    document: doc,
    token: relay.token,
  });
  provider.attach();
  await new Promise<void>((resolve) => {
    if (provider.isSynced) resolve();
    else provider.on('synced', () => resolve());
  });
  return {
    doc,
    provider,
    socket,
    text: () => extractPlainText(doc),
    destroy: () => {
      provider.destroy();
      socket.destroy();
    },
  };
}

/** Appends a paragraph the way Tiptap's editor does: an XmlElement holding an XmlText. */
export function appendParagraph(doc: Y.Doc, text: string): void {
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text)]);
  const fragment = doc.getXmlFragment(EDITOR_FRAGMENT);
  fragment.insert(fragment.length, [paragraph]);
}

/** Deletes the first paragraph whose text contains `needle`; false if none does. */
export function removeParagraphContaining(doc: Y.Doc, needle: string): boolean {
  const fragment = doc.getXmlFragment(EDITOR_FRAGMENT);
  const index = fragment.toArray().findIndex((node) => node.toString().includes(needle));
  if (index < 0) return false;
  fragment.delete(index, 1);
  return true;
}

/** Polls `check` until it holds or `timeoutMs` passes; the error says what was last seen. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  describe: () => string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting: ${describe()}`);
}
