import { isValidDocId, UNTITLED } from '@baalda/core';
import type { LocalNoteRecord } from './localNoteRecord';

/** A note as the relay lists it in `GET /api/notes`. */
export interface RelayNote {
  readonly docId: string;
  readonly title: string;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** The record of a note just created on this device; the relay hears of it afterwards. */
export function makeNewLocalNote(docId: string, now: number): LocalNoteRecord {
  return { docId, title: UNTITLED, createdAt: now, updatedAt: now, registeredOnRelay: false, pendingChanges: 0 };
}

/**
 * The record of a note opened from a link before this device knew it. Its edit time is unknown (0), so the
 * relay's title and time win as soon as the list refresh brings them.
 */
export function makeOpenedLocalNote(docId: string, now: number): LocalNoteRecord {
  return { ...makeNewLocalNote(docId, now), updatedAt: 0 };
}

/**
 * Folds what the relay says about a note into the local record; `undefined` when nothing changes.
 * The relay's title wins only when its edit is newer, because this device may hold edits the relay has not
 * seen yet (typed offline), and those must keep showing their own title.
 */
export function mergeRelayNote(local: LocalNoteRecord | undefined, relay: RelayNote): LocalNoteRecord | undefined {
  if (!local) return { ...relay, registeredOnRelay: true, pendingChanges: 0 };
  const relayIsNewer = relay.updatedAt > local.updatedAt;
  const merged: LocalNoteRecord = {
    ...local,
    createdAt: Math.min(local.createdAt, relay.createdAt),
    registeredOnRelay: true,
    title: relayIsNewer ? relay.title : local.title,
    updatedAt: relayIsNewer ? relay.updatedAt : local.updatedAt,
  };
  return isSameRecord(local, merged) ? undefined : merged;
}

/** Reads one entry of the relay's list; entries that are not notes are skipped, not fatal. */
export function toRelayNote(value: unknown): RelayNote | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entry = value as Record<string, unknown>;
  if (typeof entry.docId !== 'string' || !isValidDocId(entry.docId)) return undefined;
  if (typeof entry.createdAt !== 'number' || typeof entry.updatedAt !== 'number') return undefined;
  const title = typeof entry.title === 'string' && entry.title.length > 0 ? entry.title : UNTITLED;
  return { docId: entry.docId, title, createdAt: entry.createdAt, updatedAt: entry.updatedAt };
}

function isSameRecord(a: LocalNoteRecord, b: LocalNoteRecord): boolean {
  return (
    a.title === b.title &&
    a.createdAt === b.createdAt &&
    a.updatedAt === b.updatedAt &&
    a.registeredOnRelay === b.registeredOnRelay
  );
}
