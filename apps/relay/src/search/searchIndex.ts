import {
  type CandidateRows,
  entryKindOf,
  fnv1a32,
  isHiddenPathKey,
  isInsideFolder,
  LexicalIndex,
  pathKey,
  type QuantizedVectors,
  titleFromPath,
} from '@baalda/core';
import { ColumnMatrix } from './columnMatrix';
import { SemanticRows } from './semanticRows';

/** Where a row sits in the tree (IDX3). */
export interface IndexPlace {
  readonly vaultId: string;
  readonly path: string;
  readonly live: boolean;
}

/** What a search returns for one note: a pointer, never its text (SRCH3). */
export interface SearchPointer {
  readonly docId: string;
  readonly title: string;
  readonly path: string;
  readonly kind: string;
}

/** Which rows a query may score (SRCH1): live rows of one vault the caller may read, then folder and kind. */
export interface CandidateFilter {
  readonly vaultId: string;
  /** ACL5: keys of the private folders the caller is not in (`hiddenFolderKeys`); their rows never score. */
  readonly hidden: readonly string[];
  readonly folder?: string;
  readonly kind?: string;
}

interface Entry extends IndexPlace, SearchPointer {
  readonly row: number;
  /** pathKey(path), kept so choosing candidates never folds case per row per query. */
  readonly pathKey: string;
  readonly version: number;
  readonly hasVector: boolean;
}

const NOT_SEARCHABLE = -1;
// Filters whose candidate sets are kept: a vault's people differ in hidden folders, and each set is a row list.
const CACHED_CANDIDATE_SETS = 16;

function candidateKeyOf(filter: CandidateFilter): string {
  return JSON.stringify([filter.vaultId, filter.hidden, filter.folder ?? null, filter.kind ?? null]);
}

// What an entry shows and filters by that follows from its path: title (TTL1), key (PATH9), kind (PATH11).
function pointerFieldsOf(path: string): { title: string; pathKey: string; kind: string } {
  return { title: titleFromPath(path), pathKey: pathKey(path), kind: entryKindOf(path) };
}

/**
 * SRCH4: the scoring copy of `note_index` for one embedder. Vectors live in one column-major int8
 * matrix (a query reads only its nonzero dimensions, column by column); what filtering needs per row
 * (vault, live) lives in a typed array, so choosing candidates never touches an object. It mirrors
 * every committed write (same version guard as IDX2) and is loaded from the table at start-up.
 */
export class SearchIndex {
  private readonly entries = new Map<string, Entry>();
  private readonly freeRows: number[] = [];
  private readonly docIdByRow: Array<string | undefined> = [];
  private readonly vectors: ColumnMatrix;
  /** LEX2: title and text terms of every row. */
  readonly lexical = new LexicalIndex();
  /** SEMV1: the rows' semantic vectors, each with the version it was computed from. */
  readonly semantic = new SemanticRows();
  private readonly vaultSlots = new Map<string, number>();
  /** Per row: the vault's slot when the row is live, else NOT_SEARCHABLE. */
  private searchableIn = new Int32Array(0);
  private nextRow = 0;
  private keysByRow = new Uint32Array(0);

  /**
   * Candidate sets of recent filters, each valid while no row was placed, moved or removed since: choosing
   * them reads every row (0.4 ms at 100,000 notes), and an edit of a note's text does not change them.
   */
  private readonly candidateCache = new Map<string, { readonly placements: number; readonly rows: CandidateRows }>();
  /** Counts every change of a row's place, vault, liveness or existence: what candidates depend on. */
  private placements = 0;

  constructor(
    readonly embedderName: string,
    readonly dimensions: number,
    /** SEMV1: the sentence encoder whose vectors this copy holds; null when search is lexical only. */
    readonly semanticEncoder: { readonly name: string; readonly dimensions: number } | null = null,
  ) {
    this.vectors = new ColumnMatrix(dimensions);
  }

  /** The column-major int8 vectors and their per-row scales, for core's `dotQuantizedColumnMajor`. */
  get matrix(): { readonly columns: Int8Array; readonly scales: Float32Array; readonly capacity: number } {
    return this.vectors;
  }

  /** Bytes held by vectors (reported by the benchmark). */
  get vectorBytes(): number {
    return this.vectors.byteLength;
  }

  /** One past the highest row in use: the size of per-row scratch arrays. */
  get rowLimit(): number {
    return this.nextRow;
  }

  /** IDX3: the tree placed, moved, trashed or restored a note. */
  setPlace(docId: string, place: IndexPlace): void {
    const entry = this.entries.get(docId) ?? this.newEntry(docId);
    this.placeEntry({ ...entry, ...place, ...pointerFieldsOf(place.path) });
  }

  /**
   * IDX2: new text for a note — its vector and its terms (LEX2); ignored unless `version` is newer
   * than what the copy holds.
   */
  setContent(docId: string, vector: Float32Array, version: number, placeIfNew: IndexPlace, text: string): void {
    let entry = this.entries.get(docId);
    if (!entry) {
      const place = { ...placeIfNew, ...pointerFieldsOf(placeIfNew.path) };
      entry = { ...this.newEntry(docId), ...place };
      this.placeEntry(entry);
    }
    if (entry.hasVector && entry.version >= version) return;
    // SEMV1: the vectors of the older text are stale from now on; those of this text replace them.
    this.semantic.clear(entry.row);
    this.vectors.setRow(entry.row, vector);
    this.lexical.setRow(entry.row, entry.title, text);
    this.entries.set(docId, { ...entry, version, hasVector: true });
  }

  /**
   * SEMV1: the semantic vectors of a note's text at `version`; kept only if that is the text this copy
   * holds, so vectors of an older (or not yet seen) text are never served. Whether they were kept.
   */
  setSemantic(docId: string, vectors: QuantizedVectors, version: number): boolean {
    const entry = this.entries.get(docId);
    if (!entry?.hasVector || entry.version !== version) return false;
    this.semantic.set(entry.row, vectors);
    return true;
  }

  /**
   * SEMV1, SEMV4: the row's similarity to the query if it has vectors, which are always of its current
   * text: new text clears them (setContent) and only vectors of the current version are kept (setSemantic).
   */
  semanticSimilarityAt(query: Float32Array, row: number): number | undefined {
    return this.semantic.similarity(query, row);
  }

  /** IDX4: a purged note leaves the copy. */
  remove(docId: string): void {
    const entry = this.entries.get(docId);
    if (!entry) return;
    this.vectors.clearRow(entry.row);
    this.semantic.clear(entry.row);
    this.lexical.removeRow(entry.row);
    this.searchableIn[entry.row] = NOT_SEARCHABLE;
    this.freeRows.push(entry.row);
    this.docIdByRow[entry.row] = undefined;
    this.entries.delete(docId);
    this.placements += 1;
  }

  /**
   * SRCH1, ACL5: the rows a query may score — live, in the vault, outside the caller's hidden folders,
   * then folder and kind — ascending. Chosen before any score is computed, so BM25's statistics never
   * count a note the caller can't read. A row without text scores on its title alone.
   */
  candidates(filter: CandidateFilter): CandidateRows {
    const key = candidateKeyOf(filter);
    const cached = this.candidateCache.get(key);
    if (cached?.placements === this.placements) return cached.rows;
    const rows = this.chooseCandidates(filter);
    this.candidateCache.delete(key);
    this.candidateCache.set(key, { placements: this.placements, rows });
    if (this.candidateCache.size > CACHED_CANDIDATE_SETS)
      this.candidateCache.delete(this.candidateCache.keys().next().value as string);
    return rows;
  }

  private chooseCandidates(filter: CandidateFilter): CandidateRows {
    const slot = this.vaultSlots.get(filter.vaultId);
    if (slot === undefined) return { rows: new Int32Array(0), count: 0 };
    const rows = new Int32Array(this.nextRow);
    let count = 0;
    const searchableIn = this.searchableIn;
    for (let row = 0; row < this.nextRow; row += 1) {
      if (searchableIn[row] !== slot) continue;
      if (filter.kind !== undefined && this.pointerAt(row)?.kind !== filter.kind) continue;
      if (filter.hidden.length > 0 && isHiddenPathKey(this.keyAt(row), filter.hidden)) continue;
      if (filter.folder && !isInsideFolder(this.pathAt(row), filter.folder)) continue;
      rows[count++] = row;
    }
    // Trimmed: a kept set holds its candidates, not room for every row.
    return { rows: rows.slice(0, count), count };
  }

  /** HYB3: each row's note's fixed sample key (`fnv1a32` of its id, kept per row: it is read per query). */
  get sampleKeys(): Uint32Array {
    return this.keysByRow;
  }

  /** The pointer at a matrix row. */
  pointerAt(row: number): SearchPointer | undefined {
    const docId = this.docIdByRow[row];
    return docId === undefined ? undefined : this.entries.get(docId);
  }

  private pathAt(row: number): string {
    return this.pointerAt(row)?.path ?? '';
  }

  private keyAt(row: number): string {
    const docId = this.docIdByRow[row];
    return (docId === undefined ? undefined : this.entries.get(docId)?.pathKey) ?? '';
  }

  private placeEntry(entry: Entry): void {
    this.placements += 1;
    const previous = this.entries.get(entry.docId);
    if (previous?.title !== entry.title) {
      this.lexical.setTitle(entry.row, entry.title);
    }
    this.searchableIn[entry.row] = entry.live ? this.vaultSlotOf(entry.vaultId) : NOT_SEARCHABLE;
    this.entries.set(entry.docId, entry);
  }

  private vaultSlotOf(vaultId: string): number {
    let slot = this.vaultSlots.get(vaultId);
    if (slot === undefined) {
      slot = this.vaultSlots.size;
      this.vaultSlots.set(vaultId, slot);
    }
    return slot;
  }

  private newEntry(docId: string): Entry {
    const row = this.freeRows.pop() ?? this.nextRow++;
    this.ensureCapacity(row + 1);
    this.semantic.clear(row);
    this.keysByRow[row] = fnv1a32(docId);
    this.docIdByRow[row] = docId;
    return {
      docId,
      row,
      version: 0,
      hasVector: false,
      vaultId: '',
      path: '',
      pathKey: '',
      title: '',
      kind: 'note',
      live: false,
    };
  }

  private ensureCapacity(rows: number): void {
    this.vectors.ensureCapacity(rows);
    if (rows > this.keysByRow.length) {
      const keys = new Uint32Array(this.vectors.capacity);
      keys.set(this.keysByRow);
      this.keysByRow = keys;
    }
    if (rows <= this.searchableIn.length) return;
    const grown = new Int32Array(this.vectors.capacity).fill(NOT_SEARCHABLE);
    grown.set(this.searchableIn);
    this.searchableIn = grown;
  }
}
