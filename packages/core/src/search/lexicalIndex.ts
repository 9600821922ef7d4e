import { countTerms, lexicalTermsOf } from './lexicalTerms';
import { PostingList } from './postingList';
import { RowTermStore, type RowTerms } from './rowTermStore';

/** LEX2: Okapi BM25 with the usual constants; a title word counts as three words of text (BM25F's shortcut). */
export const BM25 = { k1: 1.2, b: 0.75, titleWeight: 3 } as const;

/** Rows a query may score, chosen before scoring (SRCH1). */
export interface CandidateRows {
  readonly rows: Int32Array;
  readonly count: number;
}

/**
 * The BM25 score of every candidate that holds at least one query term (LEX3), in no order. The arrays are
 * the index's own scratch, valid until it scores again: ranking reads them at once.
 */
export interface LexicalScores {
  readonly rows: Int32Array;
  readonly scores: Float64Array;
  readonly count: number;
  /**
   * HYB2: the score of a note of average length holding every distinct query term once: the sum of the
   * terms' idf over the candidates (a term no candidate holds has the highest idf). Scale for fusion.
   */
  readonly bestPossible: number;
}

const NO_IDS = new Int32Array(0);
const NOT_LISTED: ReadonlySet<number> = new Set();

/**
 * LEX2: an inverted index of title and text terms, one entry per row, rewritten in place when a note's
 * text or title changes. Pure data structure: the relay keeps one per search copy, the browser builds
 * one per search. Terms are interned and their ids kept (a vault's vocabulary, not its size), but a
 * term's posting list — the costly part — is let go once no row holds the term, so words that come and
 * go (ids, dates, typos) don't add up over a relay's life.
 */
export class LexicalIndex {
  private readonly termIds = new Map<string, number>();
  private readonly lists: Array<PostingList | undefined> = [];
  /** Per row, its term ids (interned: a byte or two a term, where a string would be ~30). */
  private readonly rowTerms = new RowTermStore();
  private lengths = new Float64Array(1024);
  private readonly accumulator = new ScoreAccumulator();
  /** A posting list's candidate entries, refilled per term. */
  private readonly heldEntries = new CandidateEntries();
  // One mask of every row, kept between queries and cleared after each (only the candidates it set): a
  // fresh one per query was 100 KB to allocate and collect at 100,000 notes, which showed in the p95.
  private candidateMask = new Uint8Array(0);

  /**
   * Replaces the row's title and text. Only the terms whose count changed are touched: an edit to one
   * paragraph of a long note moves a few dozen entries, where taking every term out and in again read the
   * posting list of each of the note's words (a common word's holds most rows).
   */
  setRow(row: number, title: string, text: string): void {
    const counts = new Map<number, number>();
    for (const [term, count] of countTerms(lexicalTermsOf(text))) counts.set(this.idOf(term), count);
    const titleIds = this.titleIdsOf(title);
    for (const id of titleIds) counts.set(id, (counts.get(id) ?? 0) + BM25.titleWeight);
    const held = this.rowTerms.get(row);
    const listed = held ? this.moveHeldTerms(row, held, counts) : NOT_LISTED;
    let length = 0;
    for (const [id, count] of counts) {
      if (!listed.has(id)) this.listOf(id).add(row, count);
      length += count;
    }
    this.storeRowTerms(row, counts, titleIds);
    this.setLength(row, length);
  }

  /** Replaces the row's title, keeping its text (a rename): only the title's terms move. */
  setTitle(row: number, title: string): void {
    const held = this.rowTerms.get(row) ?? { ids: NO_IDS, counts: NO_IDS, titleIds: NO_IDS };
    const counts = new Map<number, number>();
    for (const [index, id] of held.ids.entries()) counts.set(id, held.counts[index] as number);
    const titleIds = this.titleIdsOf(title);
    for (const id of held.titleIds) {
      this.adjustList(id, row, -BM25.titleWeight);
      counts.set(id, (counts.get(id) ?? 0) - BM25.titleWeight);
    }
    for (const id of titleIds) {
      this.adjustList(id, row, BM25.titleWeight);
      counts.set(id, (counts.get(id) ?? 0) + BM25.titleWeight);
    }
    for (const [id, count] of counts) if (count <= 0) counts.delete(id);
    const delta = (titleIds.length - held.titleIds.length) * BM25.titleWeight;
    this.storeRowTerms(row, counts, titleIds);
    this.setLength(row, (this.lengths[row] ?? 0) + delta);
  }

  /**
   * Brings the posting lists of the terms the row held to `counts`: a term it no longer holds leaves its
   * list, one whose count changed is rewritten, one whose count is the same is left alone. Returns the
   * terms whose lists hold the row still, so the caller adds only the terms that are new to it.
   */
  private moveHeldTerms(row: number, held: RowTerms, counts: ReadonlyMap<number, number>): Set<number> {
    const listed = new Set<number>();
    for (const [index, id] of held.ids.entries()) {
      const now = counts.get(id);
      if (now === undefined) {
        this.lists[id]?.remove(row);
        this.releaseIfEmpty(id);
        continue;
      }
      if (now !== held.counts[index]) this.listOf(id).setCount(row, now);
      listed.add(id);
    }
    return listed;
  }

  // Ids ascending, as the store keeps them: its own sort then finds them in order.
  private storeRowTerms(row: number, counts: ReadonlyMap<number, number>, titleIds: Int32Array): void {
    const ids = Int32Array.from(counts.keys()).sort();
    const held = Int32Array.from(ids, (id) => counts.get(id) as number);
    this.rowTerms.set(row, { ids, counts: held, titleIds });
  }

  /** Takes a row out of every posting list. */
  removeRow(row: number): void {
    const held = this.rowTerms.get(row);
    if (!held) return;
    for (const id of held.ids) {
      this.lists[id]?.remove(row);
      this.releaseIfEmpty(id);
    }
    this.rowTerms.clear(row);
    this.lengths[row] = 0;
  }

  /**
   * LEX2/LEX3: BM25 over the candidates only. Document frequencies, the note count and the average
   * length come from the candidates too, so a note the caller may not read can't shift a score.
   */
  score(queryTerms: readonly string[], candidates: CandidateRows, capacity: number): LexicalScores {
    const isCandidate = this.markCandidates(candidates, capacity);
    try {
      let totalLength = 0;
      for (let index = 0; index < candidates.count; index += 1)
        totalLength += this.lengths[candidates.rows[index] as number] ?? 0;
      const averageLength = candidates.count > 0 && totalLength > 0 ? totalLength / candidates.count : 1;
      const accumulator = this.accumulator;
      accumulator.reset(capacity);
      let bestPossible = 0;
      for (const term of new Set(queryTerms)) {
        const id = this.termIds.get(term);
        const list = id === undefined ? undefined : this.lists[id];
        const frequency = list ? this.addTerm(list, isCandidate, candidates.count, averageLength, accumulator) : 0;
        bestPossible += idfOf(candidates.count, frequency);
      }
      return { ...accumulator.result(), bestPossible };
    } finally {
      for (let index = 0; index < candidates.count; index += 1) isCandidate[candidates.rows[index] as number] = 0;
    }
  }

  private markCandidates(candidates: CandidateRows, capacity: number): Uint8Array {
    if (this.candidateMask.length < capacity) this.candidateMask = new Uint8Array(capacity);
    const mask = this.candidateMask;
    for (let index = 0; index < candidates.count; index += 1) mask[candidates.rows[index] as number] = 1;
    return mask;
  }

  private addTerm(
    list: PostingList,
    isCandidate: Uint8Array,
    candidateCount: number,
    averageLength: number,
    accumulator: ScoreAccumulator,
  ): number {
    // One pass keeps the candidates' entries, the second scores them: the idf needs their number first.
    const held = this.heldEntries.fill(list, isCandidate);
    if (held.count === 0) return 0;
    const idf = idfOf(candidateCount, held.count);
    const { k1, b } = BM25;
    const lengths = this.lengths;
    for (let index = 0; index < held.count; index += 1) {
      const row = held.rows[index] as number;
      const count = held.counts[index] as number;
      const norm = k1 * (1 - b + (b * (lengths[row] ?? 0)) / averageLength);
      accumulator.add(row, (idf * count * (k1 + 1)) / (count + norm));
    }
    return held.count;
  }

  /** Posting lists held now: one per term some row holds (what the index costs beyond its rows). */
  get heldListCount(): number {
    let held = 0;
    for (const list of this.lists) if (list) held += 1;
    return held;
  }

  private adjustList(id: number, row: number, delta: number): void {
    this.listOf(id).adjust(row, delta);
    this.releaseIfEmpty(id);
  }

  private releaseIfEmpty(id: number): void {
    if (this.lists[id]?.size === 0) this.lists[id] = undefined;
  }

  private listOf(id: number): PostingList {
    let list = this.lists[id];
    if (!list) {
      list = new PostingList();
      this.lists[id] = list;
    }
    return list;
  }

  private setLength(row: number, length: number): void {
    this.ensureLength(row + 1);
    this.lengths[row] = length;
  }

  private titleIdsOf(title: string): Int32Array {
    return Int32Array.from(lexicalTermsOf(title), (term) => this.idOf(term));
  }

  private idOf(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.termIds.size;
      this.termIds.set(term, id);
    }
    return id;
  }

  private ensureLength(rows: number): void {
    if (rows <= this.lengths.length) return;
    const grown = new Float64Array(Math.max(rows, this.lengths.length * 2));
    grown.set(this.lengths);
    this.lengths = grown;
  }
}

/** LEX2: BM25's idf of a term held by `frequency` of `candidateCount` notes. */
function idfOf(candidateCount: number, frequency: number): number {
  return Math.log(1 + (candidateCount - frequency + 0.5) / (frequency + 0.5));
}

// A posting list's entries whose rows are candidates, in arrays kept between terms and queries.
class CandidateEntries {
  rows = new Int32Array(0);
  counts = new Int32Array(0);
  count = 0;

  fill(list: PostingList, isCandidate: Uint8Array): this {
    if (this.rows.length < list.size) {
      this.rows = new Int32Array(list.size);
      this.counts = new Int32Array(list.size);
    }
    let count = 0;
    for (let index = 0; index < list.size; index += 1) {
      const row = list.rowAt(index);
      if (isCandidate[row] !== 1) continue;
      this.rows[count] = row;
      this.counts[count] = list.countAt(index);
      count += 1;
    }
    this.count = count;
    return this;
  }
}

// Sums per row in a dense array and remembers which rows it touched, in first-touch order. Its arrays
// are kept between queries (zeroed after each), so a search at 100k notes allocates nothing that size.
class ScoreAccumulator {
  private sums = new Float64Array(0);
  private touched = new Int32Array(0);
  private touchedScores = new Float64Array(0);
  private count = 0;

  reset(capacity: number): void {
    if (this.sums.length < capacity) {
      this.sums = new Float64Array(capacity);
      this.touched = new Int32Array(capacity);
      this.touchedScores = new Float64Array(capacity);
    }
    this.count = 0;
  }

  add(row: number, value: number): void {
    if (this.sums[row] === 0) this.touched[this.count++] = row;
    this.sums[row] = (this.sums[row] as number) + value;
  }

  /** The touched rows and their sums (views of this accumulator's arrays), then zeroes the sums used. */
  result(): Omit<LexicalScores, 'bestPossible'> {
    const rows = this.touched.subarray(0, this.count);
    const scores = this.touchedScores.subarray(0, this.count);
    for (let index = 0; index < this.count; index += 1) {
      const row = rows[index] as number;
      scores[index] = this.sums[row] as number;
      this.sums[row] = 0;
    }
    return { rows, scores, count: this.count };
  }
}
