import type { Embedder, Result } from '@baalda/core';
import type { RelayCallCode } from '../relayApi';
import type { LocalTree } from '../vault/localTree';
import { createVectorCache, type DeviceCorpus, loadDeviceCorpus, rankOnDevice } from './deviceIndex';
import { alignWithTree } from './relaySearch';
import { SEARCH_LIMIT, type SearchHit, type SearchOutcome, type SearchSession } from './searchTypes';
import type { DeviceMeanings, SessionMeanings } from './semantic/deviceMeanings';

/** What search needs from the rest of the app; tests pass fakes. */
export interface NoteSearchDeps {
  readonly embedder: Embedder;
  /** SEMW5: the meaning of this device's notes, for ranking offline as the relay ranks; absent, words alone. */
  readonly meanings?: DeviceMeanings;
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
 * from IndexedDB once, on the first search that needs them, not on every keystroke, and their meaning is
 * computed from then on (SEMW5). Nothing can edit a note while the palette covers the editor, so they stay
 * current for as long as it is open.
 */
export function createNoteSearch(deps: NoteSearchDeps): NoteSearch {
  const vectors = createVectorCache(deps.embedder);
  return {
    startSession() {
      let corpus: Promise<DeviceCorpus> | undefined;
      let meanings: SessionMeanings | undefined;
      const searchDevice = async (query: string): Promise<SearchOutcome> => {
        corpus ??= loadDeviceCorpus(deps.readTree().notes, deps.readText, vectors);
        try {
          const loaded = await corpus;
          meanings ??= deps.meanings?.startSession(textsOf(loaded));
          const semantic = await meanings?.semanticFor(query);
          const hits = rankOnDevice(query, deps.embedder, deps.readTree().notes, loaded, SEARCH_LIMIT, semantic);
          const pending = meanings && !meanings.isReady() ? { improves: meanings.ready } : {};
          return { ok: true, hits, source: 'device', ...pending };
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

function textsOf(corpus: DeviceCorpus): Map<string, string> {
  return new Map([...corpus].map(([docId, embedded]) => [docId, embedded.text]));
}
