import { docIdFromRandomBytes } from '@baalda/core';
import type { LocalNoteRecord } from './localNoteRecord';
import type { LocalRegistry } from './localRegistry';
import { makeNewLocalNote, mergeRelayNote } from './noteMerge';
import { fetchRelayNotes, registerNoteOnRelay } from './relayApi';

/** A problem worth telling the person about; being offline is not one (the badge already says so). */
export interface RelayProblem {
  readonly code: string;
  readonly message: string;
}

/** Creates a note on this device only; {@link registerNote} tells the relay when it can be reached. */
export async function createLocalNote(registry: LocalRegistry, now: number): Promise<LocalNoteRecord> {
  const docId = docIdFromRandomBytes(crypto.getRandomValues(new Uint8Array(21)));
  const record = makeNewLocalNote(docId, now);
  await registry.update(docId, () => record);
  return record;
}

// Two triggers (creation and a list refresh) can race to register the same note; one request is enough.
const registering = new Set<string>();

interface Refusal {
  readonly problem: RelayProblem;
  readonly attempts: number;
  readonly retryAt: number;
}

// A refusal (unlike being offline) will likely repeat, so it is retried with growing pauses instead of on
// every five-second refresh. Kept in memory: a reload is a fair moment to try again.
const refusals = new Map<string, Refusal>();
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 30 * 60_000;

/** The pause before retrying a registration the relay refused `attempts` times in a row. */
export function registrationRetryDelay(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** `POST /api/notes` for one note; on success the local record stops asking. */
export async function registerNote(
  registry: LocalRegistry,
  note: LocalNoteRecord,
  now = Date.now(),
): Promise<RelayProblem | undefined> {
  const refusal = refusals.get(note.docId);
  if (refusal && refusal.retryAt > now) return refusal.problem;
  if (registering.has(note.docId)) return undefined;
  registering.add(note.docId);
  try {
    const result = await registerNoteOnRelay(note.docId, note.createdAt);
    if (!result.ok) return recordRefusal(note.docId, toProblem(result), refusal, now);
    refusals.delete(note.docId);
    await registry.update(note.docId, (current) => current && { ...current, registeredOnRelay: true });
    return undefined;
  } finally {
    registering.delete(note.docId);
  }
}

function recordRefusal(
  docId: string,
  problem: RelayProblem | undefined,
  previous: Refusal | undefined,
  now: number,
): RelayProblem | undefined {
  if (!problem) return undefined;
  const attempts = (previous?.attempts ?? 0) + 1;
  const retryAt = now + registrationRetryDelay(attempts);
  refusals.set(docId, { problem, attempts, retryAt });
  console.warn(`The relay refused to register note ${docId} (${problem.code}, attempt ${attempts}); retrying later`);
  return problem;
}

/**
 * Pulls the relay's list into the local registry (the list shown is always the registry's), then retries
 * registering notes created while the relay was out of reach. Nothing local is ever deleted here.
 */
export async function refreshFromRelay(registry: LocalRegistry, now = Date.now()): Promise<RelayProblem | undefined> {
  const listed = await fetchRelayNotes();
  if (!listed.ok) return toProblem(listed);
  for (const relayNote of listed.notes) {
    await registry.update(relayNote.docId, (current) => mergeRelayNote(current, relayNote));
  }
  const unregistered = (await registry.list()).filter((note) => !note.registeredOnRelay);
  const problems = await Promise.all(unregistered.map((note) => registerNote(registry, note, now)));
  return problems.find((problem) => problem !== undefined);
}

function toProblem(failure: { code: string; message: string }): RelayProblem | undefined {
  return failure.code === 'NETWORK_UNAVAILABLE' ? undefined : { code: failure.code, message: failure.message };
}
