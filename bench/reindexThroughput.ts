import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashedEmbedder } from '@baalda/core';
import * as Y from 'yjs';
import { openDatabase } from '../apps/relay/src/db/openDatabase';
import { SearchIndexes } from '../apps/relay/src/search/searchIndexes';
import { createPrismaNoteStore } from '../apps/relay/src/store/prismaNoteStore';
import { createVaultService } from '../apps/relay/src/vault/vaultService';
import { appendParagraph } from '../apps/relay/test/clients';

/** Notes per second for a full reindex (IDX5) of `notes` stored documents of ~150 words, on PGlite. */
export async function measureReindexThroughput(notes: number): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'baalda-bench-reindex-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const now = () => new Date(Date.UTC(2026, 10, 30));
    const vaults = createVaultService(database.prisma, () => {});
    const store = createPrismaNoteStore(database.prisma);
    const docId = (note: number) => `benchReindex_${String(note).padStart(10, '0')}`;
    for (let start = 0; start < notes; start += 100) {
      const ops = Array.from({ length: Math.min(100, notes - start) }, (_, offset) => ({
        opId: `benchReindexOp_${String(start + offset).padStart(10, '0')}`,
        kind: 'createNote' as const,
        docId: docId(start + offset),
        path: `Bench/Note ${start + offset}.md`,
        createdAt: now().getTime(),
      }));
      await vaults.applyOps('default', ops, now());
    }
    for (let note = 0; note < notes; note += 1) {
      const doc = new Y.Doc();
      appendParagraph(doc, Array.from({ length: 150 }, (_, word) => `word${(note * 7 + word * 13) % 3000}`).join(' '));
      await store.storeState(docId(note), Y.encodeStateAsUpdate(doc), now());
    }
    // Rows so far carry no vectors (as after an upgrade), so the reindex rewrites every one of them.
    const indexes = await SearchIndexes.open(database.prisma, hashedEmbedder);
    const started = performance.now();
    const result = await indexes.reindex(hashedEmbedder, now, () => {});
    return result.done / ((performance.now() - started) / 1000);
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
