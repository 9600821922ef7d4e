import { entryKindOf, isValidDocId, type Result, titleFromPath } from '@baalda/core';
import { API } from '@baalda/core/api';
import { z } from 'zod';
import { readAnswer } from '../relayAnswer';
import { callRelay, entryByEntry, type RelayCallCode, relaxAnswers } from '../relayApi';
import type { LocalTree } from '../vault/localTree';
import type { SearchHit } from './searchTypes';

const SEARCH = relaxAnswers(API.search, entryByEntry('results'));

/** `GET /api/vaults/:vault/search?q=…&limit=…`: the relay's hits in one vault, best first. */
export async function askRelayToSearch(
  vaultId: string,
  query: string,
  limit: number,
): Promise<Result<{ hits: SearchHit[] }, RelayCallCode>> {
  const answer = await callRelay(SEARCH, { params: { vaultId }, query: { q: query, limit } });
  // Entries are read one by one (toSearchHit): one this build doesn't understand is skipped.
  const read = readAnswer(answer, z.object({ results: z.array(z.unknown()) }));
  if (!read.ok) return read;
  return { ok: true, hits: read.answer.results.map(toSearchHit).filter((hit) => hit !== undefined) };
}

/** Reads one result defensively: an entry this build doesn't understand is skipped, not shown broken. */
export function toSearchHit(value: unknown): SearchHit | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entry = value as Record<string, unknown>;
  if (typeof entry.docId !== 'string' || !isValidDocId(entry.docId) || typeof entry.path !== 'string') return undefined;
  const title = typeof entry.title === 'string' ? entry.title : titleFromPath(entry.path);
  const score = typeof entry.score === 'number' && Number.isFinite(entry.score) ? entry.score : 0;
  // The path decides the kind (PATH11); the relay's `kind` only confirms it, and an older relay sends none.
  return { docId: entry.docId, kind: entryKindOf(entry.path), title, path: entry.path, score };
}

/**
 * Shows the relay's hits as this device's tree shows the notes. A rename or trash still in the outbox has
 * not reached the relay's index yet: the local path and title win, and a note trashed here is left out.
 */
export function alignWithTree(hits: readonly SearchHit[], tree: Pick<LocalTree, 'notes' | 'trash'>): SearchHit[] {
  const live = new Map(tree.notes.map((note) => [note.docId, note]));
  const trashed = new Set(tree.trash.map((note) => note.docId));
  return hits
    .filter((hit) => !trashed.has(hit.docId))
    .map((hit) => {
      const note = live.get(hit.docId);
      return note ? { ...hit, kind: entryKindOf(note.path), path: note.path, title: titleFromPath(note.path) } : hit;
    });
}
