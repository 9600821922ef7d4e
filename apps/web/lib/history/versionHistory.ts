import type { RelayCallCode } from '../relayApi';
import type { VersionApi, VersionDetail, VersionSummary } from './versionApi';

/** The version list: its versions, or why it can't be shown. */
export type VersionListView =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly versions: readonly VersionSummary[] }
  /** The relay is out of reach: history lives only there (it is not kept in the browser). */
  | { readonly status: 'offline' }
  /** The relay has no copy of the note (never synced, or purged), so it has no history. */
  | { readonly status: 'unknownNote' }
  | { readonly status: 'failed'; readonly message: string };

/** The version being looked at. */
export type SelectedVersion =
  | { readonly id: string; readonly status: 'loading' }
  | { readonly id: string; readonly status: 'ready'; readonly version: VersionDetail }
  | { readonly id: string; readonly status: 'failed'; readonly message: string };

/** The one short message after an action. */
export type HistoryNotice =
  | { readonly kind: 'restored'; readonly capturedAt: number; readonly keptCurrent: boolean }
  | { readonly kind: 'saved' }
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'failed'; readonly message: string };

export interface HistoryState {
  readonly list: VersionListView;
  /** True while the list is being read again with the old one still shown. */
  readonly refreshing: boolean;
  readonly selected: SelectedVersion | null;
  readonly action: 'saving' | 'restoring' | null;
  readonly notice: HistoryNotice | null;
}

/** One note's history as the panel drives it; framework-free so its rules are tested without a browser. */
export interface VersionHistory {
  getState(): HistoryState;
  subscribe(listener: () => void): () => void;
  refresh(): Promise<void>;
  select(versionId: string): Promise<void>;
  saveNow(): Promise<void>;
  restore(versionId: string): Promise<void>;
  /** Answers arriving after this are dropped (the panel closed or another note opened). */
  dispose(): void;
}

export const OFFLINE_ACTION_MESSAGE = 'The server is out of reach. Reconnect and try again.';

/** Starts a note's history with its list loading; call `refresh` to read it. */
export function createVersionHistory(docId: string, api: VersionApi): VersionHistory {
  const context: HistoryContext = { docId, api, store: createStateStore(), details: new Map(), listRequest: 0 };
  return {
    getState: context.store.get,
    subscribe: context.store.subscribe,
    refresh: () => refreshList(context),
    select: (versionId) => selectVersion(context, versionId),
    saveNow: () => saveVersionNow(context),
    restore: (versionId) => restoreVersion(context, versionId),
    dispose: context.store.dispose,
  };
}

interface StateStore {
  get(): HistoryState;
  update(patch: Partial<HistoryState>): void;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

interface HistoryContext {
  readonly docId: string;
  readonly api: VersionApi;
  readonly store: StateStore;
  /** A version's text never changes once captured, so it is read from the relay once per panel. */
  readonly details: Map<string, VersionDetail>;
  /** Only the newest list request may land: an old answer must not replace the list a restore just refreshed. */
  listRequest: number;
}

function createStateStore(): StateStore {
  let state: HistoryState = {
    list: { status: 'loading' },
    refreshing: false,
    selected: null,
    action: null,
    notice: null,
  };
  const listeners = new Set<() => void>();
  let disposed = false;
  return {
    get: () => state,
    update(patch) {
      if (disposed) return;
      state = { ...state, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      disposed = true;
      listeners.clear();
    },
  };
}

async function refreshList(context: HistoryContext): Promise<void> {
  const { store } = context;
  const request = ++context.listRequest;
  store.update({ refreshing: store.get().list.status === 'ready' });
  const answer = await context.api.listVersions(context.docId);
  if (request !== context.listRequest) return;
  if (answer.ok) return store.update({ list: { status: 'ready', versions: answer.versions }, refreshing: false });
  // A list already shown stays up when a refresh fails; the failure is said once, below it.
  if (store.get().list.status === 'ready') return store.update({ refreshing: false, notice: failedNotice(answer) });
  store.update({ list: unavailableList(answer), refreshing: false });
}

async function selectVersion(context: HistoryContext, versionId: string): Promise<void> {
  const { store } = context;
  const known = context.details.get(versionId);
  if (known) return store.update({ selected: { id: versionId, status: 'ready', version: known } });
  store.update({ selected: { id: versionId, status: 'loading' } });
  const answer = await context.api.readVersion(context.docId, versionId);
  if (store.get().selected?.id !== versionId) return;
  if (!answer.ok)
    return store.update({ selected: { id: versionId, status: 'failed', message: actionMessage(answer) } });
  context.details.set(versionId, answer.version);
  store.update({ selected: { id: versionId, status: 'ready', version: answer.version } });
}

async function saveVersionNow(context: HistoryContext): Promise<void> {
  const { store } = context;
  if (store.get().action) return;
  store.update({ action: 'saving', notice: null });
  const answer = await context.api.saveVersion(context.docId);
  if (answer.ok) await refreshList(context);
  const notice: HistoryNotice = !answer.ok ? failedNotice(answer) : { kind: answer.saved ? 'saved' : 'unchanged' };
  store.update({ action: null, notice });
}

async function restoreVersion(context: HistoryContext, versionId: string): Promise<void> {
  const { store } = context;
  if (store.get().action) return;
  const restored = listedVersion(store.get().list, versionId) ?? context.details.get(versionId);
  store.update({ action: 'restoring', notice: null });
  const answer = await context.api.restoreVersion(context.docId, versionId);
  // VC6: the relay kept the text it replaced as a `before-restore` version; the refreshed list shows it.
  if (answer.ok) await refreshList(context);
  store.update({
    action: null,
    notice: answer.ok
      ? { kind: 'restored', capturedAt: restored?.capturedAt ?? Number.NaN, keptCurrent: answer.captured !== null }
      : failedNotice(answer),
  });
}

type CallFailure = { readonly code: RelayCallCode; readonly message: string };

function unavailableList(failure: CallFailure): VersionListView {
  if (failure.code === 'NETWORK_UNAVAILABLE') return { status: 'offline' };
  if (failure.code === 'NOTE_NOT_FOUND') return { status: 'unknownNote' };
  return { status: 'failed', message: failure.message };
}

function failedNotice(failure: CallFailure): HistoryNotice {
  return { kind: 'failed', message: actionMessage(failure) };
}

// The relay's own messages are written for people; only "unreachable" is this client's and needs the next step.
function actionMessage(failure: CallFailure): string {
  return failure.code === 'NETWORK_UNAVAILABLE' ? OFFLINE_ACTION_MESSAGE : failure.message;
}

function listedVersion(list: VersionListView, versionId: string): VersionSummary | undefined {
  return list.status === 'ready' ? list.versions.find((version) => version.id === versionId) : undefined;
}
