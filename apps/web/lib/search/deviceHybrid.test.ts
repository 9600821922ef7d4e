import {
  hashedEmbedder,
  LexicalIndex,
  lexicalTermsOf,
  noteVectorsOf,
  type QuantizedVectors,
  rankNotes,
  semanticSimilarity,
  titleFromPath,
} from '@baalda/core';
import { describe, expect, it } from 'vitest';
import { createVectorCache, loadDeviceCorpus, rankOnDevice } from './deviceIndex';
import type { DeviceSemantic } from './semantic/deviceMeanings';
import { standInEncoder } from './semantic/testEncoders';
import { liveNote } from './testNote';

const notes = [
  liveNote('alice_note_00000000001', 'Refund policy.md'),
  liveNote('alice_note_00000000002', 'Office wifi.md'),
  liveNote('alice_note_00000000003', 'Recipes.md'),
  liveNote('alice_note_00000000004', 'Onboarding.md'),
  liveNote('alice_note_00000000005', 'Garden.md'),
  liveNote('alice_note_00000000006', 'Quarterly planning.md'),
];
const texts = new Map([
  ['alice_note_00000000001', 'Refund window: 30 days from delivery. Items must be unused.'],
  ['alice_note_00000000002', 'The office wifi password changed on Monday.'],
  ['alice_note_00000000003', 'Lentil soup with cumin, carrots and lemon.'],
  ['alice_note_00000000004', 'New hires get a laptop, a badge and a mentor.'],
  ['alice_note_00000000005', 'Plant the tomatoes in May and water them in the evening.'],
  ['alice_note_00000000006', 'Hire two engineers and ship the mobile app in the next quarter.'],
]);
const PARAPHRASE = 'how long do buyers have to send back a purchase';
// The stand-in encoder reads the paraphrase as its note, as USE lite does (SEM8).
const encoder = standInEncoder(new Map([[PARAPHRASE, texts.get('alice_note_00000000001') ?? '']]));
const QUERIES = [PARAPHRASE, 'wifi password', 'tomatoes in May', 'hire engineers', 'the'];

async function noteVectors(): Promise<Map<string, QuantizedVectors | null>> {
  const vectors = await noteVectorsOf(encoder, [...texts.values()]);
  return new Map([...texts.keys()].map((docId, index) => [docId, vectors[index] ?? null]));
}

async function semanticFor(query: string, vectors: Map<string, QuantizedVectors | null>): Promise<DeviceSemantic> {
  const [vector] = await encoder.embedBatch([query]);
  return { query: vector ?? new Float32Array(encoder.dimensions), vectorsOf: (docId) => vectors.get(docId) };
}

async function rankHere(query: string, vectors: Map<string, QuantizedVectors | null>): Promise<string[]> {
  const corpus = await loadDeviceCorpus(
    notes,
    async (docId) => texts.get(docId) ?? null,
    createVectorCache(hashedEmbedder),
  );
  const semantic = await semanticFor(query, vectors);
  return rankOnDevice(query, hashedEmbedder, notes, corpus, 20, semantic).map((hit) => hit.docId);
}

/** The relay's search service's call (apps/relay searchService.ts), over rows numbered in another order. */
async function rankAsTheRelay(query: string, vectors: Map<string, QuantizedVectors | null>): Promise<string[]> {
  const docIds = [...notes].reverse().map((note) => note.docId);
  const lexical = new LexicalIndex();
  for (const [row, docId] of docIds.entries()) {
    const note = notes.find((candidate) => candidate.docId === docId);
    lexical.setRow(row, titleFromPath(note?.path ?? ''), texts.get(docId) ?? '');
  }
  const { query: meaning } = await semanticFor(query, vectors);
  const ranked = rankNotes({
    queryTerms: lexicalTermsOf(query),
    lexical,
    candidates: { rows: Int32Array.from(docIds.keys()), count: docIds.length },
    capacity: docIds.length,
    cosineAt: () => 0,
    limit: 20,
    semantic: {
      similarityAt: (row) => {
        const noteVectors = vectors.get(docIds[row] ?? '');
        return noteVectors ? semanticSimilarity(meaning, noteVectors) : undefined;
      },
    },
  });
  return ranked.map(({ row }) => docIds[row] ?? '');
}

describe('search on this device, by meaning too', () => {
  it('[HYB4, SEMW5] finds a note by a question that shares none of its words', async () => {
    const vectors = await noteVectors();
    expect(
      lexicalTermsOf(PARAPHRASE).some((term) =>
        lexicalTermsOf(texts.get('alice_note_00000000001') ?? '').includes(term),
      ),
    ).toBe(false);
    expect((await rankHere(PARAPHRASE, vectors))[0]).toBe('alice_note_00000000001');
    const corpus = await loadDeviceCorpus(
      notes,
      async (docId) => texts.get(docId) ?? null,
      createVectorCache(hashedEmbedder),
    );
    const byWords = rankOnDevice(PARAPHRASE, hashedEmbedder, notes, corpus, 20).map((hit) => hit.docId);
    expect(byWords).not.toContain('alice_note_00000000001');
  });

  it('[HYB1, SEMW5] ranks every query in the order the relay’s call of rankNotes gives the same notes', async () => {
    const vectors = await noteVectors();
    for (const query of QUERIES) {
      const here = await rankHere(query, vectors);
      expect(here.length, query).toBeGreaterThan(0);
      expect(here, query).toEqual(await rankAsTheRelay(query, vectors));
    }
  });

  it('[HYB5] a note without vectors is still found by its words', async () => {
    const vectors = await noteVectors();
    vectors.delete('alice_note_00000000002');
    expect(await rankHere('wifi password', vectors)).toEqual(['alice_note_00000000002']);
  });
});
