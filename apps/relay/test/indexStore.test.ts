import { hashedEmbedder } from '@baalda/core';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/openDatabase';
import { writeIndexedContent } from '../src/search/indexStore';
import { createVaultService } from '../src/vault/vaultService';
import { type TestBackend, testBackends } from './backends';
import { seededRandom } from './seededRandom';

const WRITERS = 8;
const NOTES = 50;
const VERSIONS = 6;

/** A seeded shuffle (mulberry32 + Fisher–Yates), so a failure can be replayed from its seed. */
function shuffle<T>(items: T[], seed: number): T[] {
  const next = seededRandom(seed);
  const result = [...items];
  for (let index = result.length - 1; index > 0; index -= 1) {
    const other = Math.floor(next() * (index + 1));
    [result[index], result[other]] = [result[other] as T, result[index] as T];
  }
  return result;
}

const docIdOf = (note: number) => `indexedNote_${String(note).padStart(8, '0')}`;
const textOf = (note: number, version: number) => `note ${note} at version ${version}`;

function runIndexStoreContract(backend: TestBackend): void {
  describe(`the index on ${backend.name}`, () => {
    const cleanups: Array<() => Promise<unknown>> = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    it('[IDX2] 8 concurrent writers upserting 50 notes in random order leave every row at its latest version', async () => {
      const database = await backend.create();
      cleanups.push(() => database.dispose());
      const opened = await openDatabase(database.target);
      cleanups.push(() => opened.close());
      const writes = Array.from({ length: NOTES }, (_, note) =>
        Array.from({ length: VERSIONS }, (_, version) => ({ note, version: version + 1 })),
      ).flat();
      const now = new Date(Date.UTC(2026, 10, 30));
      const results = await Promise.allSettled(
        Array.from({ length: WRITERS }, async (_, writer) => {
          for (const { note, version } of shuffle(writes, writer + 1)) {
            await writeIndexedContent(
              opened.prisma,
              hashedEmbedder,
              { docId: docIdOf(note), content: textOf(note, version), version },
              now,
            );
          }
        }),
      );
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      const rows = await opened.prisma.noteIndex.findMany({ orderBy: { docId: 'asc' } });
      expect(rows).toHaveLength(NOTES);
      const regressions = rows.filter(
        (row, note) => Number(row.version) !== VERSIONS || row.content !== textOf(note, VERSIONS),
      );
      expect(regressions).toEqual([]);
    }, 180_000); // A bound only to report a stuck run: beside a CPU hog the upserts took over 60 s.

    it('[IDX1, IDX3, IDX4] a row follows its note: one row per note, live only while the note is, gone when purged', async () => {
      const database = await backend.create();
      cleanups.push(() => database.dispose());
      const opened = await openDatabase(database.target);
      cleanups.push(() => opened.close());
      const vaults = createVaultService(opened.prisma, () => {});
      const now = new Date(Date.UTC(2026, 10, 30));
      const docId = 'indexFollowsTree_001';
      await writeIndexedContent(
        opened.prisma,
        hashedEmbedder,
        { docId, content: 'typed before the create arrived', version: 3 },
        now,
      );
      const row = () => opened.prisma.noteIndex.findUnique({ where: { docId } });
      expect(await row()).toMatchObject({ live: false, path: '', content: 'typed before the create arrived' });
      const op = (opId: string, kind: string, extra: object = {}) => ({
        opId: `indexOp_${opId}_000000`,
        kind,
        docId,
        ...extra,
      });
      await vaults.applyOps(
        'default',
        [op('create', 'createNote', { path: 'Plans/Q1.md', createdAt: now.getTime() }) as never],
        now,
      );
      expect(await row()).toMatchObject({
        live: true,
        path: 'Plans/Q1.md',
        title: 'Q1',
        content: 'typed before the create arrived',
        embedder: 'hashed-bow-256-v1',
      });
      await vaults.applyOps(
        'default',
        [op('move', 'moveNote', { path: 'Plans/Q1 goals.md' }) as never, op('trash', 'trashNote') as never],
        now,
      );
      expect(await row()).toMatchObject({ live: false, title: 'Q1 goals' });
      await vaults.applyOps('default', [op('restore', 'restoreNote') as never], now);
      expect(await row()).toMatchObject({ live: true, content: 'typed before the create arrived' });
      await vaults.applyOps('default', [op('trash2', 'trashNote') as never, op('purge', 'purgeNote') as never], now);
      expect(await row()).toBeNull();
      expect(await opened.prisma.noteIndex.count()).toBe(0);
    });
  });
}

for (const backend of testBackends()) runIndexStoreContract(backend);
