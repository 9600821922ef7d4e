import { createMemoryVault, type VaultNote, type VaultOp } from '@baalda/core';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/openDatabase';
import { createVaultService, type TreeNote } from '../src/vault/vaultService';
import { type TestBackend, testBackends } from './backends';
import { seededRandom } from './seededRandom';

const DOC_IDS = Array.from({ length: 12 }, (_, index) => `contractNote_${String(index).padStart(8, '0')}`);
const NOTE_PATHS = [
  'Ideas.md',
  'ideas.md',
  'Plans/Q1.md',
  'plans/Q2.md',
  'Plans/Old/Q4.md',
  'Archive/Ideas.md',
  'Straße.md',
  'STRASSE.md',
  'bad:name.md',
];
const FOLDERS = ['Plans', 'plans', 'Archive', 'Archive/2026', 'Plans/Old', 'New'];

function randomOps(seed: number, count: number): VaultOp[] {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  // Weighted so trees grow: creates and moves are common, purges rare.
  const kinds = [
    ...Array<'createNote'>(5).fill('createNote'),
    ...Array<'moveNote'>(4).fill('moveNote'),
    ...([
      'trashNote',
      'trashNote',
      'restoreNote',
      'restoreNote',
      'createFolder',
      'moveFolder',
      'moveFolder',
      'trashFolder',
      'purgeNote',
    ] as const),
    'emptyTrash',
  ] as const;
  return Array.from({ length: count }, (_, index): VaultOp => {
    const opId = `seed${seed}_op${String(index).padStart(10, '0')}`;
    const kind = pick(kinds);
    const docId = pick(DOC_IDS);
    switch (kind) {
      case 'createNote':
        return {
          opId,
          kind,
          docId,
          path: pick(NOTE_PATHS),
          createdAt: Date.UTC(2026, 10, 1 + Math.floor(next() * 28)),
        };
      case 'moveNote':
        return { opId, kind, docId, path: pick(NOTE_PATHS) };
      case 'createFolder':
      case 'trashFolder':
        return { opId, kind, path: pick(FOLDERS) };
      case 'moveFolder':
        return { opId, kind, path: pick(FOLDERS), newPath: pick(FOLDERS) };
      case 'emptyTrash':
        return { opId, kind };
      default:
        return { opId, kind, docId };
    }
  });
}

/**
 * The relay's database must decide exactly as core's in-memory vault does: same outcome for every op,
 * same tree and trash at the end. Runs once per backend.
 */
function runVaultContract(backend: TestBackend): void {
  describe(`vault contract on ${backend.name}`, () => {
    const cleanups: Array<() => Promise<unknown>> = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    it.each([1, 2, 3, 20261130])(
      '[CN*, TR*, FD*] seed %i: the database agrees with the in-memory vault on every op',
      async (seed) => {
        const database = await backend.create();
        cleanups.push(() => database.dispose());
        const opened = await openDatabase(database.target);
        cleanups.push(() => opened.close());
        const service = createVaultService(opened.prisma, () => {});
        const model = createMemoryVault();
        const now = new Date(Date.UTC(2026, 10, 30, 12));
        for (const op of randomOps(seed, 120)) {
          const expected = await model.apply(op, now.getTime());
          const { results } = await service.applyOps('default', [op], now);
          expect(results[0], `seed ${seed}, op ${JSON.stringify(op)}`).toEqual(expected);
        }
        const tree = await service.readTree('default');
        const stripTitle = ({ title: _title, ...note }: TreeNote): VaultNote => note;
        const byDocId = (a: { docId: string }, b: { docId: string }) => (a.docId < b.docId ? -1 : 1);
        expect(tree.notes.map(stripTitle).sort(byDocId)).toEqual(
          model
            .tree()
            .notes.map((note) => ({ ...note }))
            .sort(byDocId),
        );
        expect(tree.folders).toEqual(model.tree().folders);
        const trash = await service.readTrash('default');
        expect(new Set(trash.notes.map((note) => note.docId))).toEqual(
          new Set(model.trash().map((note) => note.docId)),
        );
      },
    );
  });
}

for (const backend of testBackends()) runVaultContract(backend);
