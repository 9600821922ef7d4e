/** A note as the note list shows it. Times are milliseconds since the epoch. */
export interface NoteSummary {
  readonly docId: string;
  readonly title: string;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** What the relay persists for notes; one implementation per backend family (Prisma covers both SQLs). */
export interface NoteStore {
  /** The stored Yjs state of a note, or null when the note has no document yet. */
  loadState(docId: string): Promise<Uint8Array | null>;
  /** Replaces a note's Yjs state and title in place, creating the note row if it is new. */
  storeState(docId: string, state: Uint8Array, title: string, now: Date): Promise<void>;
  /** Records that a note exists (idempotent); returns whether this call created it. */
  registerNote(docId: string, createdAt: Date, now: Date): Promise<{ created: boolean; note: NoteSummary }>;
  /** Every note of a vault, most recently updated first. */
  listNotes(vaultId: string): Promise<NoteSummary[]>;
}
