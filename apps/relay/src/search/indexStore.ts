import { type Embedder, titleFromPath } from '@baalda/core';
import { Prisma, type PrismaClient } from '../generated/prisma/client';

type Db = PrismaClient | Prisma.TransactionClient;

/** What a stored document contributes to its index row. */
export interface IndexedContent {
  readonly docId: string;
  readonly content: string;
  /** IDX2: the sum of the document's state vector; only a larger one may replace the row's content. */
  readonly version: number;
}

// IDX1: little-endian float32, so the bytes are the same on every machine that reads them.
function vectorBytes(vector: Float32Array): Buffer {
  const bytes = Buffer.alloc(vector.length * 4);
  for (const [index, value] of vector.entries()) bytes.writeFloatLE(value, index * 4);
  return bytes;
}

/** What a content write did, so the in-memory copy can mirror it (SRCH4). */
export interface ContentWrite {
  readonly changed: boolean;
  readonly vector: Float32Array;
  /** The place the row got if this write created it. */
  readonly placeIfNew: { vaultId: string; path: string; live: boolean };
}

/**
 * IDX1/IDX2: writes a note's current text and vector into its one row, in place. The WHERE clause makes
 * a late writer with an older version a no-op; the same version may be rewritten only by another
 * embedder (a reindex, IDX5). Path, title and `live` are the tree's (IDX3) and are
 * only filled in when the row is new.
 */
export async function writeIndexedContent(
  db: Db,
  embedder: Embedder,
  indexed: IndexedContent,
  now: Date,
): Promise<ContentWrite> {
  const note = await db.note.findUnique({ where: { docId: indexed.docId } });
  // IDX1: the vector is the text's alone; the title is the tree's and is scored on its own, so a rename
  // never leaves a stale title inside a vector.
  const embedded = embedder.embed(indexed.content);
  const placeIfNew = {
    vaultId: note?.vaultId ?? 'default',
    path: note?.path ?? '',
    live: note !== null && note.deletedAt === null,
  };
  const changed = await db.$executeRaw`
    INSERT INTO note_index (doc_id, vault_id, path, title, kind, content, vector, embedder, version, live, updated_at)
    VALUES (${indexed.docId}, ${placeIfNew.vaultId}, ${placeIfNew.path}, ${titleFromPath(placeIfNew.path)}, 'note',
            ${indexed.content}, ${vectorBytes(embedded)}, ${embedder.name}, ${indexed.version}, ${placeIfNew.live}, ${now})
    ON CONFLICT (doc_id) DO UPDATE SET
      content = EXCLUDED.content, vector = EXCLUDED.vector, embedder = EXCLUDED.embedder,
      version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
    WHERE note_index.version < EXCLUDED.version
       OR (note_index.version = EXCLUDED.version AND note_index.embedder <> EXCLUDED.embedder)`;
  return { changed: changed > 0, vector: embedded, placeIfNew };
}

/** IDX3: the tree owns a row's place: path, title, vault and whether search may score it. */
export async function placeIndexRow(
  db: Db,
  note: { docId: string; vaultId: string; path: string; live: boolean },
  now: Date,
): Promise<void> {
  const title = titleFromPath(note.path);
  await db.$executeRaw`
    INSERT INTO note_index (doc_id, vault_id, path, title, kind, content, vector, embedder, version, live, updated_at)
    VALUES (${note.docId}, ${note.vaultId}, ${note.path}, ${title}, 'note', '', ${Buffer.alloc(0)}, 'none', 0, ${note.live}, ${now})
    ON CONFLICT (doc_id) DO UPDATE SET
      vault_id = EXCLUDED.vault_id, path = EXCLUDED.path, title = EXCLUDED.title, live = EXCLUDED.live`;
}

/** IDX4: a purged note leaves the index with its text. */
export async function removeIndexRows(db: Db, docIds: readonly string[]): Promise<void> {
  await db.noteIndex.deleteMany({ where: { docId: { in: [...docIds] } } });
}

/**
 * IDX1/IDX2 for many notes in one statement (a reindex): the same row rules as
 * {@link writeIndexedContent}, one round trip per batch instead of two per note.
 * @returns one ContentWrite per input, in order.
 */
export async function writeIndexedContents(
  db: Db,
  embedder: Embedder,
  batch: readonly IndexedContent[],
  now: Date,
): Promise<ContentWrite[]> {
  if (batch.length === 0) return [];
  const notes = new Map(
    (await db.note.findMany({ where: { docId: { in: batch.map((item) => item.docId) } } })).map((note) => [
      note.docId,
      note,
    ]),
  );
  const prepared = batch.map((item) => {
    const note = notes.get(item.docId);
    const placeIfNew = {
      vaultId: note?.vaultId ?? 'default',
      path: note?.path ?? '',
      live: note !== undefined && note.deletedAt === null,
    };
    return { item, placeIfNew, vector: embedder.embed(item.content) };
  });
  const values = prepared.map(
    ({ item, placeIfNew, vector }) =>
      Prisma.sql`(${item.docId}, ${placeIfNew.vaultId}, ${placeIfNew.path}, ${titleFromPath(placeIfNew.path)}, 'note',
                  ${item.content}, ${vectorBytes(vector)}, ${embedder.name}, ${item.version}, ${placeIfNew.live}, ${now})`,
  );
  const changed = await db.$queryRaw<Array<{ doc_id: string }>>`
    INSERT INTO note_index (doc_id, vault_id, path, title, kind, content, vector, embedder, version, live, updated_at)
    VALUES ${Prisma.join(values)}
    ON CONFLICT (doc_id) DO UPDATE SET
      content = EXCLUDED.content, vector = EXCLUDED.vector, embedder = EXCLUDED.embedder,
      version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
    WHERE note_index.version < EXCLUDED.version
       OR (note_index.version = EXCLUDED.version AND note_index.embedder <> EXCLUDED.embedder)
    RETURNING doc_id`;
  const changedIds = new Set(changed.map((row) => row.doc_id));
  return prepared.map(({ item, placeIfNew, vector }) => ({ changed: changedIds.has(item.docId), vector, placeIfNew }));
}
