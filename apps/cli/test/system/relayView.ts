import { formatNoteDocumentName, TRASH_ANSWER, TREE_ANSWER } from '@baalda/core';
import { markdownOfDocument } from '@baalda/markdown';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { QuietWebSocket } from 'baalda-relay/testing';
import * as Y from 'yjs';
import { call } from './deviceTree';

/** A vault's tree as the relay answers it: live paths and trashed paths by docId. */
export interface TreeView {
  readonly live: ReadonlyMap<string, string>;
  readonly trashed: ReadonlyMap<string, string>;
}

/** Reads the vault's tree and trash straight from the relay (no link in between). */
export async function readRelayTree(httpUrl: string, vaultId: string, token: string): Promise<TreeView> {
  const base = `${httpUrl}/api/vaults/${encodeURIComponent(vaultId)}`;
  const tree = await call(`${base}/tree`, token, TREE_ANSWER);
  const trash = await call(`${base}/trash`, token, TRASH_ANSWER);
  if (!tree.ok || !trash.ok) throw new Error(`reading the tree: ${JSON.stringify(tree.ok ? trash : tree)}`);
  return {
    live: new Map(tree.answer.notes.map((note) => [note.docId, note.path])),
    trashed: new Map(trash.answer.notes.map((note) => [note.docId, note.path])),
  };
}

/** Two trees say the same thing. */
export function describeTreeDifference(name: string, expected: TreeView, actual: TreeView): string | null {
  const show = (view: TreeView) =>
    JSON.stringify({
      live: [...view.live].map(([docId, path]) => `${path} ${docId}`).sort(),
      trashed: [...view.trashed].map(([docId, path]) => `${path} ${docId}`).sort(),
    });
  const [want, got] = [show(expected), show(actual)];
  return want === got ? null : `${name} has ${got}, the relay ${want}`;
}

/**
 * A client of the relay that never wrote: what it holds is what the relay serves. One socket, a provider
 * per note, opened as notes are asked for and kept until closed.
 */
export class RelayObserver {
  private readonly socket: HocuspocusProviderWebsocket;
  private readonly providers = new Map<string, { doc: Y.Doc; provider: HocuspocusProvider }>();

  constructor(
    syncUrl: string,
    private readonly token: string,
  ) {
    this.socket = new HocuspocusProviderWebsocket({ url: syncUrl, WebSocketPolyfill: QuietWebSocket });
  }

  /** The note's document as the relay serves it; null until its first sync is done. */
  doc(docId: string): Y.Doc | null {
    let entry = this.providers.get(docId);
    if (!entry) {
      const doc = new Y.Doc();
      const provider = new HocuspocusProvider({
        websocketProvider: this.socket,
        name: formatNoteDocumentName(docId),
        document: doc,
        token: this.token,
      });
      provider.attach();
      entry = { doc, provider };
      this.providers.set(docId, entry);
    }
    return entry.provider.isSynced ? entry.doc : null;
  }

  /** The note's Markdown as the relay serves it; null until synced. */
  markdown(docId: string): string | null {
    const doc = this.doc(docId);
    return doc ? markdownOfDocument(doc) : null;
  }

  close(): void {
    for (const { provider } of this.providers.values()) provider.destroy();
    this.socket.destroy();
  }
}

/** A document's identity for comparison: its state vector and delete set (a Yjs snapshot). */
export function snapshotOf(doc: Y.Doc): string {
  return Buffer.from(Y.encodeSnapshot(Y.snapshot(doc))).toString('base64');
}
