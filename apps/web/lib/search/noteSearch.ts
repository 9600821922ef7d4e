import type { Embedder, Result } from '@baalda/core';
import type { RelayCallCode } from '../relayApi';
import type { LocalTree } from '../vault/localTree';
import { createVectorCache, type DeviceCorpus, loadDeviceCorpus, rankOnDevice } from './deviceIndex';
import { alignWithTree } from './relaySearch';
import { SEARCH_LIMIT, type SearchHit, type SearchOutcome, type SearchSession } from './searchTypes';

/** What search needs from the rest of the app; tests pass fakes. */
export interface NoteSearchDeps {
  readonly embedder: Embedder;
  /** True when the relay is out of reach for sure (the browser is offline, the socket is down). */
  isOffline(): boolean;
  askRelay(query: string, limit: number): Promise<Result<{ hits: SearchHit[] }, RelayCallCode>>;
  /** This device's tree as it is now (the relay's snapshot plus queued ops). */
  readTree(): Pick<LocalTree, 'notes' | 'trash'>;
  /** A note's text stored in this browser, or null when it has none (then only its title is searched). */
  readText(docId: string): Promise<string | null>;
}

/** Starts search sessions; vectors embedded in one are reused by the next. */
export interface NoteSearch {
  startSession(): SearchSession;
}

/**
 * Search asks the relay; when the relay can't be reached it searches the notes stored in this browser
 * with the same embedder and ranking, and says so. A session lasts one open palette: its texts are read
 * from IndexedDB once, on the first search that needs them, not on every keystroke. Nothing can edit a
 * note while the palette covers the editor, so they stay current for as long as it is open.
 */
export function createNoteSearch(deps: NoteSearchDeps): NoteSearch {
  const vectors = createVectorCache(deps.embedder);
  return {
    startSession() {
      let corpus: Promise<DeviceCorpus> | undefined;
      const searchDevice = async (query: string): Promise<SearchOutcome> => {
        corpus ??= loadDeviceCorpus(deps.readTree().notes, deps.readText, vectors);
        try {
          const hits = rankOnDevice(query, deps.embedder, deps.readTree().notes, await corpus, SEARCH_LIMIT);
          return { ok: true, hits, source: 'device' };
        } catch (error) {
          corpus = undefined;
          console.error('Search on this device failed', error);
          return { ok: false, message: 'The notes stored in this browser could not be searched.' };
        }
      };
      return {
        async search(query) {
          if (deps.isOffline()) return searchDevice(query);
          const answer = await deps.askRelay(query, SEARCH_LIMIT);
          if (answer.ok) return { ok: true, hits: alignWithTree(answer.hits, deps.readTree()), source: 'relay' };
          if (answer.code === 'NETWORK_UNAVAILABLE') return searchDevice(query);
          return { ok: false, message: answer.message };
        },
      };
    },
  };
}
