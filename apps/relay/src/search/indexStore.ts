import { type Embedder, titleFromPath } from '@baalda/core';
import type { Prisma, PrismaClient } from '../generated/prisma/client';

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

/**
 * IDX1/IDX2: writes a note's current text and vector into its one row, in place. The WHERE clause makes
 * a late writer with an older version a no-op. Path, title and `live` are the tree's (IDX3) and are
 * only filled in when the row is new.
 * @returns whether the row changed.
 */
export async function writeIndexedContent(
  db: Db,
  embedder: Embedder,
  indexed: IndexedContent,
  now: Date,
): Promise<boolean> {
  const note = await db.note.findUnique({ where: { docId: indexed.docId } });
  // IDX1: the vector is the text's alone; the title is the tree's and is scored on its own, so a rename
  // never leaves a stale title inside a vector.
  const vector = vectorBytes(embedder.embed(indexed.content));
  const changed = await db.$executeRaw`
    INSERT INTO note_index (doc_id, vault_id, path, title, kind, content, vector, embedder, version, live, updated_at)
    VALUES (${indexed.docId}, ${note?.vaultId ?? 'default'}, ${note?.path ?? ''}, ${note ? titleFromPath(note.path) : ''},
            'note', ${indexed.content}, ${vector}, ${embedder.name}, ${indexed.version}, ${note !== null && note.deletedAt === null}, ${now})
    ON CONFLICT (doc_id) DO UPDATE SET
      content = EXCLUDED.content, vector = EXCLUDED.vector, embedder = EXCLUDED.embedder,
      version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
    WHERE note_index.version < EXCLUDED.version`;
  return changed > 0;
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
