import { ancestorFoldersOf, docIdFromRandomBytes, hashedEmbedder, pathKey, titleFromPath } from '@baalda/core';
import { encodeVector, openDatabase, type PrismaClient, seededRandom } from 'baalda-relay/testing';

/** One synthetic note as the MCP bench stores it. */
interface BenchNote {
  readonly docId: string;
  readonly path: string;
  readonly text: string;
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'sa', 'tor', 'vi', 'del', 'an', 'qu', 'bel', 'sho', 'tra', 'nu', 'pe'];
const FOLDERS = [
  'Engineering/Platform',
  'Engineering/Mobile',
  'Meetings/2026',
  'Customers/Accounts',
  'Policies',
  'Projects/Roadmap',
  'Research/Interviews',
  'Operations/Runbooks',
  'Sales/Proposals',
  'Finance/Budgets',
];

/**
 * The MCP bench's corpus: `notes` notes of ~200 words from a 5,000-word vocabulary of made-up words of
 * 4–9 letters, drawn with the same steep skew as bench/searchLatency.ts (so common query words match
 * most notes: the slow case), filed in folders under titles that make paths 45–60 characters long, as
 * people's notes tend to be. Seeded: every run stores the same notes and asks the same queries.
 */
export function generateMcpCorpus(notes: number, seed = 7): { notes: BenchNote[]; queryWord: () => string } {
  const next = seededRandom(seed);
  const vocabulary = buildVocabulary(next, 5000);
  const word = () => vocabulary[Math.floor(next() ** 2 * vocabulary.length)] ?? 'kalo';
  const taken = new Set<string>();
  const corpus: BenchNote[] = [];
  for (let note = 0; note < notes; note += 1) {
    const path = uniquePath(next, word, taken);
    const bytes = Uint8Array.from({ length: 21 }, () => Math.floor(next() * 256));
    corpus.push({ docId: docIdFromRandomBytes(bytes), path, text: Array.from({ length: 200 }, word).join(' ') });
  }
  return { notes: corpus, queryWord: word };
}

function buildVocabulary(next: () => number, size: number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const syllables = 2 + Math.floor(next() * 3);
    words.add(Array.from({ length: syllables }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join(''));
  }
  return [...words];
}

function uniquePath(next: () => number, word: () => string, taken: Set<string>): string {
  for (;;) {
    const folder = FOLDERS[Math.floor(next() * FOLDERS.length)] ?? 'Notes';
    const length = 45 + Math.floor(next() * 16);
    const words: string[] = [];
    const pathOf = () => `${folder}/${words.join(' ')}.md`;
    while (pathOf().length < length) words.push(word());
    const first = words[0] ?? '';
    words[0] = first.charAt(0).toUpperCase() + first.slice(1);
    const path = pathOf();
    if (path.length <= 60 && !taken.has(pathKey(path))) {
      taken.add(pathKey(path));
      return path;
    }
  }
}

/**
 * Stores the notes straight into a fresh relay database, before any relay opens it: the `note` rows
 * (the tree), their folders, and `note_index` rows holding the text and its hashed-embedder vector as
 * the IndexExtension would have written them (IDX1: little-endian float32, live, version 1). A relay
 * started on the folder afterwards loads its search copy from these rows, as after any restart. No
 * Yjs documents are stored: search never reads them.
 */
export async function storeMcpCorpus(dataDir: string, notes: readonly BenchNote[], now: Date): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await storeFolders(database.prisma, notes, now);
    for (let start = 0; start < notes.length; start += 1000) {
      await storeBatch(database.prisma, notes.slice(start, start + 1000), now);
    }
  } finally {
    await database.close();
  }
}

async function storeFolders(prisma: PrismaClient, notes: readonly BenchNote[], now: Date): Promise<void> {
  const folders = [...new Set(notes.flatMap((note) => ancestorFoldersOf(note.path)))];
  await prisma.$executeRaw`
    INSERT INTO folder (vault_id, path_key, path, created_at)
    SELECT 'default', folder.path_key, folder.path, ${now}
    FROM unnest(${folders.map(pathKey)}::text[], ${folders}::text[]) AS folder(path_key, path)`;
}

async function storeBatch(prisma: PrismaClient, batch: readonly BenchNote[], now: Date): Promise<void> {
  const docIds = batch.map((note) => note.docId);
  const paths = batch.map((note) => note.path);
  await prisma.$executeRaw`
    INSERT INTO note (doc_id, vault_id, path, path_key, created_at, updated_at)
    SELECT row.doc_id, 'default', row.path, row.path_key, ${now}, ${now}
    FROM unnest(${docIds}::text[], ${paths}::text[], ${paths.map(pathKey)}::text[]) AS row(doc_id, path, path_key)`;
  // Vectors travel as base64 text, as in indexStore.ts: PGlite's driver writes bytea a byte at a time.
  const vectors = batch.map((note) => encodeVector(hashedEmbedder.embed(note.text)).toString('base64'));
  await prisma.$executeRaw`
    INSERT INTO note_index (doc_id, vault_id, path, title, kind, content, vector, embedder, version, live, updated_at)
    SELECT row.doc_id, 'default', row.path, row.title, 'note', row.content, decode(row.vector, 'base64'),
           ${hashedEmbedder.name}, 1, true, ${now}
    FROM unnest(${docIds}::text[], ${paths}::text[], ${paths.map(titleFromPath)}::text[],
                ${batch.map((note) => note.text)}::text[], ${vectors}::text[])
      AS row(doc_id, path, title, content, vector)`;
}
