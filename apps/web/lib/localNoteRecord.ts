/**
 * What this device keeps about one note besides its text: only what must survive a reload and is not in
 * the vault tree. The tree (paths, times, trash) comes from the relay and the outbox (see vault/).
 */
export interface LocalNoteRecord {
  readonly docId: string;
  /** Local edits the relay has not acknowledged yet; survives a reload so the badge never under-reports. */
  readonly pendingChanges: number;
}

/** The record of a note this device has not stored anything about yet. */
export function makeLocalNoteRecord(docId: string): LocalNoteRecord {
  return { docId, pendingChanges: 0 };
}

/**
 * Reads a stored value defensively: the database outlives app versions, so a record written by an older
 * build (with titles and registration flags) or edited by hand in devtools must not break the app.
 */
export function toLocalNoteRecord(value: unknown): LocalNoteRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.docId !== 'string') return undefined;
  return { docId: record.docId, pendingChanges: toCount(record.pendingChanges) };
}

function toCount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}
