import { formatNoteDocumentName, parseDocumentName } from '@baalda/core';
import { API, type ApiInput } from '@baalda/core/api';
import { EDITOR_FRAGMENT, extractPlainText } from '@baalda/markdown';
import type { Extension, onStoreDocumentPayload } from '@hocuspocus/server';
import { connectPeer, type Relay } from 'baalda-relay/testing';
import * as Y from 'yjs';
import { type AuthedRelay, answerOf, asOwner } from '../benchAccount';

type VaultOpWire = ApiInput<typeof API.applyOps>['body']['ops'][number];
// Omit over each op of the union, so each keeps its own fields.
type WithoutOpId<Op> = Op extends unknown ? Omit<Op, 'opId'> : never;

/** Which text the relay last stored for each note, heard after its store hooks (and so the index) ran. */
export interface StoreWatch {
  /** Resolves once every note in `expected` was stored with exactly that text. */
  waitFor(expected: ReadonlyMap<string, string>, timeoutMs?: number): Promise<void>;
}

/**
 * Listens to the relay's own store cycle. `afterStoreDocument` runs after every `onStoreDocument`, so
 * when it reports a text, the note's document and its `note_index` row have both been written.
 */
export function watchStores(relay: Relay): StoreWatch {
  const stored = new Map<string, string>();
  const listener: Extension = {
    extensionName: 'RetrievalBenchStoreWatch',
    async afterStoreDocument({ documentName, document }: onStoreDocumentPayload) {
      const address = parseDocumentName(documentName);
      if (address.ok && address.kind === 'note') stored.set(address.docId, extractPlainText(document));
    },
  };
  relay.hocuspocus.configuration.extensions.push(listener);
  return {
    async waitFor(expected, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      const missing = () => [...expected].filter(([docId, text]) => stored.get(docId) !== text);
      while (missing().length > 0) {
        if (Date.now() > deadline) throw new Error(`${missing().length} notes never stored, e.g. ${missing()[0]?.[0]}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

let opCounter = 0;

/** Posts tree ops in batches of 100 and fails loudly on any refused op. */
export async function applyOps(
  relay: Omit<AuthedRelay, 'syncUrl'>,
  ops: ReadonlyArray<WithoutOpId<VaultOpWire>>,
): Promise<void> {
  for (let start = 0; start < ops.length; start += 100) {
    const batch = ops.slice(start, start + 100).map((op) => {
      opCounter += 1;
      return { opId: `retrievalOp_${String(opCounter).padStart(8, '0')}`, ...op } as VaultOpWire;
    });
    const sent = await asOwner(relay).call(API.applyOps, { params: { vaultId: 'default' }, body: { ops: batch } });
    const refused = answerOf(sent, 'ops').results.find((result) => !result.ok);
    if (refused) throw new Error(`ops refused: ${JSON.stringify(refused)}`);
  }
}

/** One client session on one note: connect, let `edit` change the synced doc, wait until sent, leave. */
export interface Edit {
  readonly docId: string;
  edit(doc: Y.Doc): void;
}

/** Runs edits over real WebSockets, `concurrency` sessions at a time, each with its own provider. */
export async function runEdits(
  relay: Pick<AuthedRelay, 'syncUrl' | 'token'>,
  edits: readonly Edit[],
  concurrency = 32,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < edits.length) {
      const job = edits[next] as Edit;
      next += 1;
      const peer = await connectPeer(relay, formatNoteDocumentName(job.docId));
      try {
        peer.doc.transact(() => job.edit(peer.doc));
        const deadline = Date.now() + 30_000;
        while (peer.provider.hasUnsyncedChanges) {
          if (Date.now() > deadline) throw new Error(`${job.docId}: the relay never acknowledged the edit`);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      } finally {
        peer.destroy();
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

function paragraph(text: string): Y.XmlElement {
  const element = new Y.XmlElement('paragraph');
  element.insert(0, [new Y.XmlText(text)]);
  return element;
}

/** Writes paragraphs into an empty note, as typing them in the editor would. */
export function writeParagraphs(paragraphs: readonly string[]): (doc: Y.Doc) => void {
  return (doc) => {
    const fragment = doc.getXmlFragment(EDITOR_FRAGMENT);
    fragment.insert(fragment.length, paragraphs.map(paragraph));
  };
}

/** Replaces the paragraphs that differ between `from` and `to` in place; the rest of the note is untouched. */
export function editParagraphs(from: readonly string[], to: readonly string[]): (doc: Y.Doc) => void {
  return (doc) => {
    if (extractPlainText(doc) !== from.join('\n')) throw new Error('note does not hold the text to edit');
    const fragment = doc.getXmlFragment(EDITOR_FRAGMENT);
    for (const [index, text] of to.entries()) {
      if (from[index] === text) continue;
      fragment.delete(index, 1);
      fragment.insert(index, [paragraph(text)]);
    }
  };
}
