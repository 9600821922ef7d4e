import { type Embedder, entryKindOf, titleFromPath } from '@baalda/core';
import type { Prisma, PrismaClient } from '../generated/prisma/client';
import type { IndexPlace } from './searchIndex';
import { encodeVector } from './vectorCodec';

type Db = PrismaClient | Prisma.TransactionClient;

/** What a stored document contributes to its index row. */
export interface IndexedContent {
  readonly docId: string;
  readonly content: string;
  /** IDX2: the sum of the document's state vector; only a larger one may replace the row's content. */
  readonly version: number;
}

/** What a content write did, so the in-memory copy can mirror it (SRCH4). */
export interface ContentWrite {
  readonly changed: boolean;
  readonly vector: Float32Array;
  /** The place the row got if this write created it. */
  readonly placeIfNew: IndexPlace;
}

/**
 * IDX1/IDX2: writes a note's current text and vector into its one row, in place. The WHERE clause makes
 * a late writer with an older version a no-op; the same version may be rewritten only by another
 * embedder (a reindex, IDX5). Path, title and `live` are the tree's (IDX3) and are
 * only filled in when the row is new. A purged note gets no row back (IDX4), even from a store that
 * raced its purge.
 */
export async function writeIndexedContent(
  db: Db,
  embedder: Embedder,
  indexed: IndexedContent,
  now: Date,
): Promise<ContentWrite> {
  // IDX1: the vector is the text's alone; the title is the tree's and is scored on its own, so a rename
  // never leaves a stale title inside a vector.
  const embedded = embedder.embed(indexed.content);
  const updated = await updateIndexedContent(db, embedder.name, indexed, embedded, now);
  if (updated) return { changed: true, vector: embedded, placeIfNew: updated };
  return insertIndexedContent(db, embedder.name, indexed, embedded, now);
}

/**
 * The usual case in one statement: the row exists (the tree placed it when the note was created, IDX3) and
 * holds an older version. Returns the row's place, or null when no row was changed (none yet, or IDX2's guard).
 */
async function updateIndexedContent(
  db: Db,
  embedderName: string,
  indexed: IndexedContent,
  embedded: Float32Array,
  now: Date,
): Promise<IndexPlace | null> {
  const [row] = await db.$queryRaw<Array<{ vault_id: string; path: string; live: boolean }>>`
    UPDATE note_index SET content = ${indexed.content}, vector = ${encodeVector(embedded)}, embedder = ${embedderName},
           version = ${indexed.version}, updated_at = ${now}
    WHERE doc_id = ${indexed.docId}
      AND (version < ${indexed.version} OR (version = ${indexed.version} AND embedder <> ${embedderName}))
    RETURNING vault_id, path, live`;
  return row ? { vaultId: row.vault_id, path: row.path, live: row.live } : null;
}

// No row was changed: the note has no row yet (its document arrived before its create op), or the guard
// refused. The insert decides which, with the place the row gets from the tree if it is new.
async function insertIndexedContent(
  db: Db,
  embedderName: string,
  indexed: IndexedContent,
  embedded: Float32Array,
  now: Date,
): Promise<ContentWrite> {
  const note = await db.note.findUnique({ where: { docId: indexed.docId } });
  const placeIfNew = {
    vaultId: note?.vaultId ?? 'default',
    path: note?.path ?? '',
    live: note !== null && note.deletedAt === null,
  };
  const changed = await db.$executeRaw`
    INSERT INTO note_index (doc_id, vault_id, path, title, kind, content, vector, embedder, version, live, updated_at)
    SELECT ${indexed.docId}, ${placeIfNew.vaultId}, ${placeIfNew.path}, ${titleFromPath(placeIfNew.path)}, ${entryKindOf(placeIfNew.path)},
           ${indexed.content}, ${encodeVector(embedded)}, ${embedderName}, ${indexed.version}, ${placeIfNew.live}, ${now}
    WHERE NOT EXISTS (SELECT 1 FROM retired_doc WHERE doc_id = ${indexed.docId})
    ON CONFLICT (doc_id) DO UPDATE SET
      content = EXCLUDED.content, vector = EXCLUDED.vector, embedder = EXCLUDED.embedder,
      version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
    WHERE note_index.version < EXCLUDED.version
       OR (note_index.version = EXCLUDED.version AND note_index.embedder <> EXCLUDED.embedder)`;
  return { changed: changed > 0, vector: embedded, placeIfNew };
}

/** IDX3: the tree owns a row's place: path, title, vault, whether search may score it, and its kind (PATH11). */
export async function placeIndexRow(
  db: Db,
  note: { docId: string; vaultId: string; path: string; live: boolean },
  now: Date,
): Promise<void> {
  const title = titleFromPath(note.path);
  await db.$executeRaw`
    INSERT INTO note_index (doc_id, vault_id, path, title, kind, content, vector, embedder, version, live, updated_at)
    VALUES (${note.docId}, ${note.vaultId}, ${note.path}, ${title}, ${entryKindOf(note.path)}, '', ${Buffer.alloc(0)}, 'none', 0, ${note.live}, ${now})
    ON CONFLICT (doc_id) DO UPDATE SET
      vault_id = EXCLUDED.vault_id, path = EXCLUDED.path, title = EXCLUDED.title, kind = EXCLUDED.kind,
      live = EXCLUDED.live`;
}

/** IDX4: a purged note leaves the index with its text. */
export async function removeIndexRows(db: Db, docIds: readonly string[]): Promise<void> {
  await db.noteIndex.deleteMany({ where: { docId: { in: [...docIds] } } });
}

/** A note's text with the place its row gets if it has none yet (IDX3), as a reindex reads it. */
export interface PlacedContent extends IndexedContent {
  readonly placeIfNew: IndexPlace;
}

/** A reindexed note with its text's vector from the reindex's embedder. */
export interface EmbeddedContent extends PlacedContent {
  readonly vector: Float32Array;
}

/**
 * IDX1/IDX2 for many notes in one statement (a reindex): the same row rules as
 * {@link writeIndexedContent}, one round trip per batch instead of two per note. One column array per
 * field rather than eleven parameters per row, so Prisma and the driver handle eleven values, not
 * thousands. Vectors go as base64 text, decoded by the database, because PGlite's driver writes bytea
 * one byte at a time in JavaScript. IDX4: a purged note gets no row back, even if the reindex read its
 * document before the purge.
 * @returns the doc ids whose rows changed.
 */
export async function writeEmbeddedContents(
  db: Db,
  embedderName: string,
  batch: readonly EmbeddedContent[],
  now: Date,
): Promise<Set<string>> {
  if (batch.length === 0) return new Set();
  const changed = await db.$queryRaw<Array<{ doc_id: string }>>`
    INSERT INTO note_index (doc_id, vault_id, path, title, kind, content, vector, embedder, version, live, updated_at)
    SELECT row.doc_id, row.vault_id, row.path, row.title, row.kind, row.content, decode(row.vector, 'base64'),
           ${embedderName}, row.version, row.live, ${now}
    FROM unnest(${batch.map((item) => item.docId)}::text[], ${batch.map((item) => item.placeIfNew.vaultId)}::text[],
                ${batch.map((item) => item.placeIfNew.path)}::text[],
                ${batch.map((item) => titleFromPath(item.placeIfNew.path))}::text[],
                ${batch.map((item) => entryKindOf(item.placeIfNew.path))}::text[],
                ${batch.map((item) => item.content)}::text[],
                ${batch.map((item) => encodeVector(item.vector).toString('base64'))}::text[],
                ${batch.map((item) => item.version)}::bigint[], ${batch.map((item) => item.placeIfNew.live)}::boolean[])
      AS row(doc_id, vault_id, path, title, kind, content, vector, version, live)
    WHERE NOT EXISTS (SELECT 1 FROM retired_doc WHERE retired_doc.doc_id = row.doc_id)
    ON CONFLICT (doc_id) DO UPDATE SET
      content = EXCLUDED.content, vector = EXCLUDED.vector, embedder = EXCLUDED.embedder,
      version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
    WHERE note_index.version < EXCLUDED.version
       OR (note_index.version = EXCLUDED.version AND note_index.embedder <> EXCLUDED.embedder)
    RETURNING doc_id`;
  return new Set(changed.map((written) => written.doc_id));
}
