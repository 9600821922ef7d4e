/** What this device knows about one note, kept in IndexedDB so the list works without the relay. */
export interface LocalNoteRecord {
  readonly docId: string;
  readonly title: string;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
  /** Milliseconds since the epoch of the newest edit this device knows of. */
  readonly updatedAt: number;
  /** False until the relay has accepted `POST /api/notes` for this note. */
  readonly registeredOnRelay: boolean;
  /** Local edits the relay has not acknowledged yet; survives a reload so the badge never under-reports. */
  readonly pendingChanges: number;
}

/**
 * Reads a stored value defensively: the database outlives app versions, so a record written by an older
 * build (or edited by hand in devtools) must not break the list.
 */
export function toLocalNoteRecord(value: unknown): LocalNoteRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.docId !== 'string') return undefined;
  return {
    docId: record.docId,
    title: typeof record.title === 'string' ? record.title : '',
    createdAt: toTime(record.createdAt),
    updatedAt: toTime(record.updatedAt ?? record.createdAt),
    registeredOnRelay: record.registeredOnRelay === true,
    pendingChanges: toCount(record.pendingChanges),
  };
}

/** Newest first; ties broken by id so the order never flickers between refreshes. */
export function sortNotesNewestFirst(notes: readonly LocalNoteRecord[]): LocalNoteRecord[] {
  return [...notes].sort((a, b) => b.updatedAt - a.updatedAt || a.docId.localeCompare(b.docId));
}

function toTime(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function toCount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}
