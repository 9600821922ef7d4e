import { hashedEmbedder } from '@baalda/core';
import { SearchIndex } from '../apps/relay/src/search/searchIndex';
import { searchNotes } from '../apps/relay/src/search/searchService';
import { seededRandom } from '../apps/relay/test/seededRandom';

// A fixed vocabulary and a seeded generator, so every run scores the same corpus.
const WORDS = Array.from({ length: 5000 }, (_, index) => `w${index.toString(36)}`);

/** Store-level search latency (SRCH1/SRCH4) over `notes` synthetic notes of ~200 words each. */
export function measureSearchLatency(notes: number, queries = 200): { p50: number; p95: number; vectorBytes: number } {
  const next = seededRandom(notes);
  const word = () => WORDS[Math.floor(next() ** 2 * WORDS.length)] ?? 'w0';
  const index = new SearchIndex(hashedEmbedder.name, hashedEmbedder.dimensions);
  for (let note = 0; note < notes; note += 1) {
    const docId = `benchNote_${String(note).padStart(10, '0')}`;
    const place = { vaultId: 'default', path: `Folder ${note % 50}/Note ${note} ${word()}.md`, live: true };
    index.setPlace(docId, place);
    index.setContent(docId, hashedEmbedder.embed(Array.from({ length: 200 }, word).join(' ')), 1, place);
  }
  const samples: number[] = [];
  for (let query = 0; query < queries; query += 1) {
    const text = `${word()} ${word()} ${word()}`;
    const started = performance.now();
    searchNotes(index, hashedEmbedder, { query: text, vaultId: 'default', caller: 'bench', limit: 10 });
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))] ?? Number.NaN;
  return { p50: at(50), p95: at(95), vectorBytes: index.vectorBytes };
}
