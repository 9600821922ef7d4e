import { decodeQuantized, encodeQuantized, type QuantizedVectors } from '@baalda/core';
import type { PrismaClient } from '../../generated/prisma/client';

/** A row whose semantic vectors are missing or of an older text. */
export interface StaleText {
  readonly docId: string;
  readonly content: string;
  readonly version: number;
}

/** SEMV6: the ids of every row with text whose vectors are not of its current text by `encoderName`. */
export async function staleSemanticIds(prisma: PrismaClient, encoderName: string): Promise<string[]> {
  const rows = await prisma.$queryRaw<Array<{ doc_id: string }>>`
    SELECT doc_id FROM note_index
    WHERE content <> '' AND (semantic_embedder IS DISTINCT FROM ${encoderName} OR semantic_version <> version)
    ORDER BY updated_at DESC`;
  return rows.map((row) => row.doc_id);
}

/** The current text of those of `docIds` whose vectors are stale. */
export async function readStaleTexts(
  prisma: PrismaClient,
  encoderName: string,
  docIds: readonly string[],
): Promise<StaleText[]> {
  const rows = await prisma.$queryRaw<Array<{ doc_id: string; content: string; version: bigint }>>`
    SELECT doc_id, content, version FROM note_index
    WHERE doc_id = ANY(${[...docIds]}) AND content <> ''
      AND (semantic_embedder IS DISTINCT FROM ${encoderName} OR semantic_version <> version)`;
  return rows.map((row) => ({ docId: row.doc_id, content: row.content, version: Number(row.version) }));
}

/** Vectors computed from one version of a note's text. */
export interface ComputedVectors {
  readonly docId: string;
  readonly version: number;
  readonly vectors: QuantizedVectors;
}

/**
 * SEMV1: stores vectors in their notes' rows, each only if the row still holds the text they were computed
 * from (an edit meanwhile makes them worthless: the newer text is queued). Vectors go as base64 text, as
 * index vectors do (PGlite's driver writes bytea one byte at a time).
 * @returns the doc ids whose rows took their vectors.
 */
export async function writeSemanticVectors(
  prisma: PrismaClient,
  encoderName: string,
  computed: readonly ComputedVectors[],
): Promise<Set<string>> {
  if (computed.length === 0) return new Set();
  const written = await prisma.$queryRaw<Array<{ doc_id: string }>>`
    UPDATE note_index AS target
    SET semantic = decode(source.semantic, 'base64'), semantic_embedder = ${encoderName},
        semantic_version = source.version
    FROM unnest(${computed.map((item) => item.docId)}::text[],
                ${computed.map((item) => Buffer.from(encodeQuantized(item.vectors)).toString('base64'))}::text[],
                ${computed.map((item) => item.version)}::bigint[]) AS source(doc_id, semantic, version)
    WHERE target.doc_id = source.doc_id AND target.version = source.version
    RETURNING target.doc_id`;
  return new Set(written.map((row) => row.doc_id));
}

/** SEMV6: how many rows with text have vectors of their current text, of how many. */
export async function semanticCoverage(
  prisma: PrismaClient,
  encoderName: string,
): Promise<{ current: number; total: number }> {
  const [row] = await prisma.$queryRaw<Array<{ current: bigint; total: bigint }>>`
    SELECT count(*) FILTER (WHERE semantic_embedder = ${encoderName} AND semantic_version = version) AS current,
           count(*) AS total
    FROM note_index WHERE content <> ''`;
  return { current: Number(row?.current ?? 0), total: Number(row?.total ?? 0) };
}

/** SEMV1: the vectors by `encoder` of those of `docIds` whose vectors are of their current text. */
export async function readCurrentSemantic(
  prisma: PrismaClient,
  encoder: { readonly name: string; readonly dimensions: number },
  docIds: readonly string[],
): Promise<ComputedVectors[]> {
  const rows = await prisma.$queryRaw<Array<{ doc_id: string; semantic: string; version: bigint }>>`
    SELECT doc_id, encode(semantic, 'base64') AS semantic, version FROM note_index
    WHERE doc_id = ANY(${[...docIds]}) AND semantic IS NOT NULL
      AND semantic_embedder = ${encoder.name} AND semantic_version = version`;
  return rows.flatMap((row) => {
    const vectors = decodeQuantized(Buffer.from(row.semantic, 'base64'), encoder.dimensions);
    return vectors ? [{ docId: row.doc_id, version: Number(row.version), vectors }] : [];
  });
}
