import { z } from 'zod';
import { type DatabaseOpener, getBrowserDatabase, requestResult, STORES, writeTransaction } from '../../localDatabase';
import type { MeaningStore, StoredMeaning } from './noteMeanings';

const storedMeaningSchema = z.object({
  docId: z.string(),
  encoder: z.string(),
  textKey: z.string(),
  vectors: z
    .object({
      dimensions: z.number().int().positive(),
      components: z.instanceof(Int8Array),
      scales: z.instanceof(Float32Array),
    })
    .nullable(),
});

/** SEMW4: a vault's note vectors in its scope's database (typed arrays are stored as they are). */
export function createMeaningStore(open: DatabaseOpener): MeaningStore {
  return {
    async readAll() {
      const store = (await open()).transaction(STORES.meanings, 'readonly').objectStore(STORES.meanings);
      const values: unknown[] = await requestResult(store.getAll());
      // A record this build can't read is embedded again, not trusted.
      return values.flatMap((value) => {
        const parsed = storedMeaningSchema.safeParse(value);
        return parsed.success ? [parsed.data satisfies StoredMeaning] : [];
      });
    },
    write: async (records) =>
      writeTransaction(await open(), STORES.meanings, (store) => {
        for (const record of records) store.put(record);
      }),
    remove: async (docIds) =>
      writeTransaction(await open(), STORES.meanings, (store) => {
        for (const docId of docIds) store.delete(docId);
      }),
  };
}

/** The meaning store in one of this browser's databases, opened on first use. */
export function getMeaningStore(databaseName: string): MeaningStore {
  return createMeaningStore(getBrowserDatabase(databaseName));
}
