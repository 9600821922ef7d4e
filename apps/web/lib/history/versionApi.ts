import { fail, type Result, VERSION_RESTORED_ANSWER, VERSION_SUMMARY } from '@baalda/core';
import { API } from '@baalda/core/api';
import { z } from 'zod';
import { readAnswer, readableEntries } from '../relayAnswer';
import { callRelay, entryByEntry, type RelayCall, type RelayCallCode, relaxAnswers } from '../relayApi';

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
  const note = (docId: string) => ({ vaultId, docId });
  return {
    listVersions: async (docId) => readVersionList(await callRelay(LIST_VERSIONS, { params: note(docId) })),
    readVersion: async (docId, versionId) =>
      readVersionDetail(await callRelay(API.readVersion, { params: { ...note(docId), versionId } })),
    saveVersion: async (docId) => readSaveAnswer(await callRelay(API.keepVersion, { params: note(docId), body: {} })),
    restoreVersion: async (docId, versionId) =>
      readRestoreAnswer(await callRelay(RESTORE_VERSION, { params: { ...note(docId), versionId }, body: {} })),
  };
}

// A list is read entry by entry; an older relay leaves `captured` out when VC4 made it unnecessary.
const LIST_VERSIONS = relaxAnswers(API.listVersions, entryByEntry('versions'));
const RESTORE_VERSION = relaxAnswers(API.restoreVersion, (declared) =>
  declared.extend({ captured: z.string().nullish() }),
);

/** CT1: one version's metadata with its time as epoch ms. */
const VERSION_SUMMARY_VIEW = VERSION_SUMMARY.transform(
  (version): VersionSummary => ({ ...version, capturedAt: Date.parse(version.capturedAt) }),
);

/** CT1: a version with its text; it must come whole, or the diff would show a text that isn't it. */
const VERSION_DETAIL_VIEW = VERSION_SUMMARY.extend({ text: z.string() }).transform(
  (version): VersionDetail => ({ ...version, capturedAt: Date.parse(version.capturedAt) }),
);

/** `GET …/versions`: newest first, as the relay sends them. An entry we can't read is skipped, not shown broken. */
export function readVersionList(call: RelayCall): Result<{ versions: VersionSummary[] }, RelayCallCode> {
  if (!call.ok) return call;
  const list = z.object({ versions: z.array(z.unknown()) }).safeParse(call.answer);
  if (!list.success) return invalid('a version list');
  return { ok: true, versions: readableEntries(list.data.versions, VERSION_SUMMARY_VIEW) };
}

/** `GET …/versions/:id`: the version must come whole, or the diff would show a text that isn't it. */
export function readVersionDetail(call: RelayCall): Result<{ version: VersionDetail }, RelayCallCode> {
  const read = readAnswer(call, z.object({ version: VERSION_DETAIL_VIEW }));
  return read.ok ? { ok: true, version: read.answer.version } : read;
}

/** `POST …/versions`: a new manual version, or `{ version: null, unchanged: true }` (VC4). */
export function readSaveAnswer(call: RelayCall): Result<{ saved: VersionSummary | null }, RelayCallCode> {
  const saved = z.union([
    z.object({ version: z.null(), unchanged: z.literal(true) }).transform(() => null),
    z.object({ version: VERSION_SUMMARY_VIEW }).transform((answer) => answer.version),
  ]);
  const read = readAnswer(call, saved);
  return read.ok ? { ok: true, saved: read.answer } : read;
}

/** `POST …/versions/:id/restore`: `{ restored, captured }`. */
export function readRestoreAnswer(call: RelayCall): Result<{ captured: string | null }, RelayCallCode> {
  // An older relay leaves `captured` out when VC4 made the before-restore version unnecessary.
  const restored = VERSION_RESTORED_ANSWER.extend({
    captured: z
      .string()
      .nullish()
      .transform((id) => id ?? null),
  });
  const read = readAnswer(call, restored);
  return read.ok ? { ok: true, captured: read.answer.captured } : read;
}

/** Reads one version's metadata, or undefined when any field is missing or malformed. */
export function toVersionSummary(value: unknown): VersionSummary | undefined {
  const parsed = VERSION_SUMMARY_VIEW.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

function invalid(what: string) {
  return fail('RESPONSE_INVALID', `The server sent ${what} this app could not read.`);
}
