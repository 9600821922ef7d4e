import { fail, type Result } from '@baalda/core';
import { getFromRelay, postToRelay, type RelayCall, type RelayCallCode } from '../relayApi';

/** One version in a note's history, as the list shows it (VC5: every version says why it was taken). */
export interface VersionSummary {
  readonly id: string;
  /**
   * One of core's VERSION_REASONS, kept as the relay's string: a newer relay may add a reason this cached
   * build has no words for, and that version must still be listed (it gets a neutral label).
   */
  readonly reason: string;
  /** Milliseconds since the epoch. */
  readonly capturedAt: number;
  /** The text's length as the relay counts it (code points). */
  readonly length: number;
}

/** A version with its whole plain text (DOC4: one line per block). */
export interface VersionDetail extends VersionSummary {
  readonly text: string;
}

/** The four history calls, so the panel's logic can be tested over a fake. */
export interface VersionApi {
  listVersions(docId: string): Promise<Result<{ versions: VersionSummary[] }, RelayCallCode>>;
  readVersion(docId: string, versionId: string): Promise<Result<{ version: VersionDetail }, RelayCallCode>>;
  /** VC4: `saved` is null when the note's text equals its latest version, so nothing new was kept. */
  saveVersion(docId: string): Promise<Result<{ saved: VersionSummary | null }, RelayCallCode>>;
  /** VC6: `captured` is the id of the `before-restore` version, or null when VC4 made one unnecessary. */
  restoreVersion(docId: string, versionId: string): Promise<Result<{ captured: string | null }, RelayCallCode>>;
}

/** The history API of one vault on the relay this page came from. */
export function createRelayVersionApi(vaultId: string): VersionApi {
  const versionsUrl = (docId: string) =>
    `/api/vaults/${encodeURIComponent(vaultId)}/notes/${encodeURIComponent(docId)}/versions`;
  const versionUrl = (docId: string, versionId: string) => `${versionsUrl(docId)}/${encodeURIComponent(versionId)}`;
  return {
    listVersions: async (docId) => readVersionList(await getFromRelay(versionsUrl(docId))),
    readVersion: async (docId, versionId) => readVersionDetail(await getFromRelay(versionUrl(docId, versionId))),
    saveVersion: async (docId) => readSaveAnswer(await postToRelay(versionsUrl(docId), {})),
    restoreVersion: async (docId, versionId) =>
      readRestoreAnswer(await postToRelay(`${versionUrl(docId, versionId)}/restore`, {})),
  };
}

/** `GET …/versions`: newest first, as the relay sends them. An entry we can't read is skipped, not shown broken. */
export function readVersionList(call: RelayCall): Result<{ versions: VersionSummary[] }, RelayCallCode> {
  if (!call.ok) return call;
  const versions = (call.body as { versions?: unknown } | undefined)?.versions;
  if (!Array.isArray(versions)) return invalid('a version list');
  return { ok: true, versions: versions.map(toVersionSummary).filter((version) => version !== undefined) };
}

/** `GET …/versions/:id`: the version must come whole, or the diff would show a text that isn't it. */
export function readVersionDetail(call: RelayCall): Result<{ version: VersionDetail }, RelayCallCode> {
  if (!call.ok) return call;
  const entry = (call.body as { version?: unknown } | undefined)?.version;
  const summary = toVersionSummary(entry);
  const text = (entry as { text?: unknown } | undefined)?.text;
  if (!summary || typeof text !== 'string') return invalid('a version');
  return { ok: true, version: { ...summary, text } };
}

/** `POST …/versions`: a new manual version, or `{ version: null, unchanged: true }` (VC4). */
export function readSaveAnswer(call: RelayCall): Result<{ saved: VersionSummary | null }, RelayCallCode> {
  if (!call.ok) return call;
  const body = call.body as { version?: unknown; unchanged?: unknown } | undefined;
  if (body?.version === null && body.unchanged === true) return { ok: true, saved: null };
  const saved = toVersionSummary(body?.version);
  return saved ? { ok: true, saved } : invalid('the saved version');
}

/** `POST …/versions/:id/restore`: `{ restored, captured }`. */
export function readRestoreAnswer(call: RelayCall): Result<{ captured: string | null }, RelayCallCode> {
  if (!call.ok) return call;
  const body = call.body as { restored?: unknown; captured?: unknown } | undefined;
  const captured = body?.captured ?? null;
  if (typeof body?.restored !== 'string' || (captured !== null && typeof captured !== 'string')) {
    return invalid('the outcome of the restore');
  }
  return { ok: true, captured };
}

/** Reads one version's metadata, or undefined when any field is missing or malformed. */
export function toVersionSummary(value: unknown): VersionSummary | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entry = value as Record<string, unknown>;
  const capturedAt = typeof entry.capturedAt === 'string' ? Date.parse(entry.capturedAt) : Number.NaN;
  if (typeof entry.id !== 'string' || entry.id === '' || typeof entry.reason !== 'string') return undefined;
  if (!Number.isFinite(capturedAt) || !Number.isSafeInteger(entry.length) || (entry.length as number) < 0) {
    return undefined;
  }
  return { id: entry.id, reason: entry.reason, capturedAt, length: entry.length as number };
}

function invalid(what: string) {
  return fail('RESPONSE_INVALID', `The server sent ${what} this app could not read.`);
}
