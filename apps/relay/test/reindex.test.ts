import { type Embedder, hashedEmbedder, noteVectorsOf, sourceVersionOf } from '@baalda/core';
import { loadUseLiteInNode } from '@baalda/semantic/node';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { openDatabase } from '../src/db/openDatabase';
import { SearchIndexes } from '../src/search/searchIndexes';
import { writeSemanticVectors } from '../src/search/semantic/semanticStore';
import { createPrismaNoteStore } from '../src/store/prismaNoteStore';
import { createVaultService } from '../src/vault/vaultService';
import { type TestBackend, testBackends } from './backends';
import { appendParagraph } from './clients';

// A second embedder for the swap: same shape, different vectors (reversed dimensions).
const mirroredEmbedder: Embedder = {
  name: 'mirrored-test-v1',
  dimensions: 256,
  embed: (text) => hashedEmbedder.embed(text).reverse(),
};

const NOTES = 450;

function fail(message: string): never {
  throw new Error(message);
}
const now = () => new Date(Date.UTC(2026, 10, 30));

/** NOTES notes created in vault `default` through the tree's ops, as a person's client would; their ops. */
async function createNotes(vaults: ReturnType<typeof createVaultService>, name: string) {
  const ops = Array.from({ length: NOTES }, (_, note) => ({
    opId: `${name}Op_${String(note).padStart(8, '0')}`,
    kind: 'createNote' as const,
    docId: `${name}Note_${String(note).padStart(8, '0')}`,
    path: `Notes/${name} ${note}.md`,
    createdAt: now().getTime(),
  }));
  for (let start = 0; start < ops.length; start += 100)
    await vaults.applyOps('default', ops.slice(start, start + 100), now());
  return ops;
}

function runReindexContract(backend: TestBackend): void {
  describe(`reindex on ${backend.name}`, () => {
    const cleanups: Array<() => Promise<unknown>> = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    /** A fresh database and its search copy, on the hashed embedder; both closed after the test. */
    async function openIndexes() {
      const database = await backend.create();
      cleanups.push(() => database.dispose());
      const opened = await openDatabase(database.target);
      cleanups.push(() => opened.close());
      return { opened, indexes: await SearchIndexes.open(opened.prisma, hashedEmbedder) };
    }

    it('[IDX5] rebuilds every row from the stored documents with another embedder while search keeps answering', async () => {
      const { opened, indexes } = await openIndexes();
      const vaults = createVaultService(opened.prisma, () => {}, indexes);
      const store = createPrismaNoteStore(opened.prisma);
      const ops = await createNotes(vaults, 'reindex');
      for (const [note, op] of ops.entries()) {
        const doc = new Y.Doc();
        appendParagraph(doc, note === 7 ? 'the only note about lighthouse keepers' : `ordinary note number ${note}`);
        await store.storeState(op.docId, Y.encodeStateAsUpdate(doc), now());
        // As the relay's store cycle would have: the serving generation already knows every text.
        const version = sourceVersionOf(doc);
        await indexes.writeContent(
          op.docId,
          note === 7 ? 'the only note about lighthouse keepers' : `ordinary note number ${note}`,
          version,
          now(),
        );
      }

      const answersDuringReindex: Array<Promise<string[]>> = [];
      const progress: number[] = [];
      const result = await indexes.reindex(mirroredEmbedder, now, (step) => {
        progress.push(step.done);
        // Searched at once, while the rebuild goes on (lexical search answers without waiting).
        answersDuringReindex.push(
          indexes
            .search({ query: 'lighthouse keepers', vaultId: 'default', hidden: [] })
            .then((found) => (found.ok ? found.results.map((hit) => hit.docId) : [])),
        );
      });

      expect(result).toEqual({ done: NOTES, total: NOTES });
      expect(progress).toEqual([200, 400, 450]);
      // The old generation served during the rebuild: no gap, no mixed vectors.
      expect(answersDuringReindex).toHaveLength(3);
      const answered = await Promise.all(answersDuringReindex);
      expect(answered.every((hits) => hits[0] === 'reindexNote_00000007')).toBe(true);
      expect(indexes.activeEmbedder.name).toBe('mirrored-test-v1');
      const rows = await opened.prisma.noteIndex.findMany();
      expect(rows).toHaveLength(NOTES);
      expect(new Set(rows.map((row) => row.embedder))).toEqual(new Set(['mirrored-test-v1']));
      expect(rows.find((row) => row.docId === 'reindexNote_00000007')?.content).toBe(
        'the only note about lighthouse keepers',
      );
      const after = await indexes.search({ query: 'lighthouse keepers', vaultId: 'default', hidden: [] });
      expect(after.ok && after.results[0]?.docId).toBe('reindexNote_00000007');

      const reopened = await SearchIndexes.open(opened.prisma, mirroredEmbedder);
      const afterRestart = await reopened.search({ query: 'lighthouse keepers', vaultId: 'default', hidden: [] });
      expect(afterRestart.ok && afterRestart.results[0]?.docId).toBe('reindexNote_00000007');
    }, 300_000); // Thousands of documents re-embedded: minutes on a two-core machine busy with other suites.

    it('[IDX6] a relay restarted on more rows than one page of its load finds every note', async () => {
      const { opened, indexes } = await openIndexes();
      const ops = await createNotes(
        createVaultService(opened.prisma, () => {}, indexes),
        'paged',
      );
      for (const [note, op] of ops.entries())
        await indexes.writeContent(op.docId, `keeper${note} of the light`, 1, now());

      const reopened = await SearchIndexes.open(opened.prisma, hashedEmbedder);
      // The first note, both sides of the page boundary (250) and the last: each found by its own word.
      for (const note of [0, 249, 250, NOTES - 1]) {
        const found = await reopened.search({ query: `keeper${note}`, vaultId: 'default', hidden: [] });
        expect(found.ok && found.results.map((hit) => hit.docId)).toEqual([ops[note]?.docId]);
      }
    }, 300_000); // A restart on more rows than a page: as slow as the reindex above on a busy machine.

    it('[IDX5, SEMV6] a reindex that finds a document stored after its row was written announces the newer text', async () => {
      const { opened, indexes } = await openIndexes();
      const [behind, current] = await createNotes(
        createVaultService(opened.prisma, () => {}, indexes),
        'announce',
      );
      const store = createPrismaNoteStore(opened.prisma);
      for (const op of [behind, current]) {
        const doc = new Y.Doc();
        appendParagraph(doc, `first words of ${op?.docId}`);
        await store.storeState(op?.docId ?? '', Y.encodeStateAsUpdate(doc), now());
        await indexes.writeContent(op?.docId ?? '', `first words of ${op?.docId}`, sourceVersionOf(doc), now());
        if (!op || op !== behind) continue;
        // A store cycle whose text was read before an edit landed: the stored state is ahead of the row.
        appendParagraph(doc, 'a paragraph only the stored document holds');
        await store.storeState(op.docId, Y.encodeStateAsUpdate(doc), now());
      }
      const textChanged: string[] = [];
      const committed: string[] = [];
      indexes.onTextChanged((docId) => textChanged.push(docId));
      indexes.onCommitted((docId) => committed.push(docId));

      await indexes.reindex(hashedEmbedder, now, () => {});

      // Its vectors are due (SEMV6) and other relays must re-read it (SCALE3); the row that was current is not touched.
      expect(textChanged).toEqual([behind?.docId]);
      expect(committed).toEqual([behind?.docId]);
      const found = await indexes.search({
        query: 'paragraph only the stored document holds',
        vaultId: 'default',
        hidden: [],
      });
      expect(found.ok && found.results[0]?.docId).toBe(behind?.docId);
    }, 300_000); // A reindex of every note beside a store: as slow as the ones above on a busy machine.

    it('[IDX5, SEMV1] a reindex with another embedder keeps the semantic vectors of texts it did not change', async () => {
      const database = await backend.create();
      cleanups.push(() => database.dispose());
      const opened = await openDatabase(database.target);
      cleanups.push(() => opened.close());
      const { encoder } = await loadUseLiteInNode();
      const queryEncoder = {
        ...encoder,
        embedQuery: async (text: string) => (await encoder.embedBatch([text]))[0] ?? new Float32Array(0),
      };
      const indexes = await SearchIndexes.open(opened.prisma, hashedEmbedder, queryEncoder);
      const [refunds, offsite] = await createNotes(
        createVaultService(opened.prisma, () => {}, indexes),
        'meaning',
      );
      const texts = new Map([
        [
          refunds?.docId ?? '',
          'Refund window: 30 days from delivery. Items must be unused and in their original packaging.',
        ],
        [offsite?.docId ?? '', 'The spring offsite is in Lisbon; flights are booked by the travel desk.'],
      ]);
      const store = createPrismaNoteStore(opened.prisma);
      for (const [docId, text] of texts) {
        const doc = new Y.Doc();
        appendParagraph(doc, text);
        await store.storeState(docId, Y.encodeStateAsUpdate(doc), now());
        await indexes.writeContent(docId, text, sourceVersionOf(doc), now());
        const [vectors] = await noteVectorsOf(encoder, [text]);
        const computed = { docId, version: sourceVersionOf(doc), vectors: vectors ?? fail('no vectors') };
        await writeSemanticVectors(opened.prisma, encoder.name, [computed]);
        indexes.vectorsCommitted(computed);
      }
      const textChanged: string[] = [];
      indexes.onTextChanged((docId) => textChanged.push(docId));

      await indexes.reindex(mirroredEmbedder, now, () => {});

      // Shares no word with the refund note: only its vectors, carried into the new copy, can find it.
      const found = await indexes.search({
        query: 'how long do buyers have to send back a purchase',
        vaultId: 'default',
        hidden: [],
      });
      expect(found.ok && found.results[0]?.docId).toBe(refunds?.docId);
      expect(textChanged).toEqual([]);
    }, 300_000); // Two reindexes of every note, PGlite on the test's own thread: as slow as the one above.

    it('[IDX5] a second reindex while one runs is refused', async () => {
      const { indexes } = await openIndexes();
      const first = indexes.reindex(mirroredEmbedder, now, () => {});
      await expect(indexes.reindex(hashedEmbedder, now, () => {})).rejects.toThrow(/already running/);
      await first;
    });
  });
}

for (const backend of testBackends()) runReindexContract(backend);
