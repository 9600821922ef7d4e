import { isInsideFolder, type RankCandidate, titleFromPath, tokenize } from '@baalda/core';

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

interface Entry extends IndexPlace, SearchPointer {
  readonly row: number;
  /** Tokenized once per rename, not once per query. */
  readonly titleTokens: ReadonlySet<string>;
  readonly version: number;
  readonly hasVector: boolean;
}

/**
 * SRCH4: the scoring copy of `note_index` for one embedder, kept in memory as one packed float32
 * matrix so a query scans contiguous memory instead of decoding rows. It mirrors every committed write
 * (same version guard as IDX2) and is loaded from the table at start-up.
 */
export class SearchIndex {
  private readonly entries = new Map<string, Entry>();
  private readonly freeRows: number[] = [];
  private readonly docIdByRow: Array<string | undefined> = [];
  private nextRow = 0;
  private matrixStore = new Float32Array(0);

  constructor(
    readonly embedderName: string,
    readonly dimensions: number,
  ) {}

  get matrix(): Float32Array {
    return this.matrixStore;
  }

  /** Bytes held by vectors (reported by the benchmark). */
  get vectorBytes(): number {
    return this.matrixStore.byteLength;
  }

  /** IDX3: the tree placed, moved, trashed or restored a note. */
  setPlace(docId: string, place: IndexPlace): void {
    const entry = this.entries.get(docId) ?? this.newEntry(docId);
    this.entries.set(docId, { ...entry, ...place, ...titleOf(place.path) });
  }

  /** IDX2: new text for a note; ignored unless `version` is newer than what the copy holds. */
  setContent(docId: string, vector: Float32Array, version: number, placeIfNew: IndexPlace): void {
    const entry = this.entries.get(docId) ?? {
      ...this.newEntry(docId),
      ...placeIfNew,
      ...titleOf(placeIfNew.path),
    };
    if (entry.hasVector && entry.version >= version) return;
    this.matrixStore.set(vector, entry.row * this.dimensions);
    this.entries.set(docId, { ...entry, version, hasVector: true });
  }

  /** IDX4: a purged note leaves the copy. */
  remove(docId: string): void {
    const entry = this.entries.get(docId);
    if (!entry) return;
    this.matrixStore.fill(0, entry.row * this.dimensions, (entry.row + 1) * this.dimensions);
    this.freeRows.push(entry.row);
    this.docIdByRow[entry.row] = undefined;
    this.entries.delete(docId);
  }

  /**
   * SRCH1: the rows a query may score: live, in the vault (and folder, and kind). A row without a vector
   * (never typed in, or embedded by another embedder) scores zero on text and is found by its title.
   */
  candidates(filter: { vaultId: string; folder?: string; kind?: string }): RankCandidate[] {
    const result: RankCandidate[] = [];
    for (const entry of this.entries.values()) {
      if (!entry.live || entry.vaultId !== filter.vaultId) continue;
      if (filter.kind && entry.kind !== filter.kind) continue;
      if (filter.folder && !isInsideFolder(entry.path, filter.folder)) continue;
      result.push({ row: entry.row, title: entry.titleTokens });
    }
    return result;
  }

  /** The pointer at a matrix row. */
  pointerAt(row: number): SearchPointer | undefined {
    const docId = this.docIdByRow[row];
    return docId === undefined ? undefined : this.entries.get(docId);
  }

  private newEntry(docId: string): Entry {
    const row = this.freeRows.pop() ?? this.nextRow++;
    this.ensureCapacity(row + 1);
    this.docIdByRow[row] = docId;
    return {
      docId,
      row,
      version: 0,
      hasVector: false,
      vaultId: '',
      path: '',
      title: '',
      titleTokens: new Set(),
      kind: 'note',
      live: false,
    };
  }

  private ensureCapacity(rows: number): void {
    if (rows * this.dimensions <= this.matrixStore.length) return;
    const grown = new Float32Array(
      Math.max(rows, 1024, (this.matrixStore.length / this.dimensions) * 2) * this.dimensions,
    );
    grown.set(this.matrixStore);
    this.matrixStore = grown;
  }
}

function titleOf(path: string): { title: string; titleTokens: ReadonlySet<string> } {
  const title = titleFromPath(path);
  return { title, titleTokens: new Set(tokenize(title)) };
}
