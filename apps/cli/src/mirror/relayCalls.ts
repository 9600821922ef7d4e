import { createHash, type Hash } from 'node:crypto';
import { type FolderRestriction, type OpOutcome, pathKey, type VaultOp } from '@baalda/core';
import { API } from '@baalda/core/api';
import { writeFilePlaced } from '../files/atomicWrite';
import type { ApiNote, RelayClient } from '../relayClient';
import { bearer, createRelayApi, opsBody, type RelayApi } from '../relayHttp';
import type { FileSignature } from './diskScan';
import type { MirrorLayout } from './mirrorLayout';

/** The vault's live tree as last read, with its notes by id. */
export interface RemoteTree {
  readonly version: number;
  readonly notes: readonly ApiNote[];
  readonly folders: readonly string[];
  readonly byId: ReadonlyMap<string, ApiNote>;
  /** LNK8: the private folders this token's user is in (null when the relay did not list them). */
  readonly privateFolders: readonly FolderRestriction[] | null;
}

/** Why a call failed: `offline` (unreachable, timed out, busy: try later) or `refused` (the relay said no). */
export interface RelayFailure {
  readonly kind: 'offline' | 'refused';
  /** The relay's error code (`PATH_INVALID`, `ATTACHMENT_TOO_LARGE`, `UNAUTHENTICATED`…), when it gave one. */
  readonly code: string | null;
  readonly message: string;
}

// A call that hangs (a dead link that never resets) must not hold the mirror's pass for long.
const CALL_TIMEOUT_MS = 10_000;
const TOKEN_REFUSED = 'the relay refused the token (unknown, revoked or expired).';
const RETRY_LATER = new Set(['RATE_LIMITED', 'INTERNAL_ERROR', 'UNAUTHENTICATED', 'SERVICE_UNAVAILABLE']);

// The mirror's own calls are bounded in time, unlike the relay client's (an upload may take long).
function boundedApi(relay: RelayClient): RelayApi {
  const access = { baseUrl: relay.baseUrl, headers: bearer(relay.token), onUnauthenticated: TOKEN_REFUSED };
  return createRelayApi({ ...access, timeoutMs: CALL_TIMEOUT_MS });
}

/** GET the tree and the private folders this user is in (LNK8), bounded in time. */
export async function fetchTree(relay: RelayClient): Promise<RemoteTree> {
  const [tree, privateFolders] = await Promise.all([
    boundedApi(relay).call(API.readTree, { params: { vaultId: relay.vaultId } }),
    fetchPrivateFolders(relay),
  ]);
  return { ...tree, byId: new Map(tree.notes.map((note) => [note.docId, note])), privateFolders };
}

// LNK8: every private folder holding a note this user reads is one they are in, so the list they are
// shown is all a link between two of their notes needs. A relay that won't list them: none known.
async function fetchPrivateFolders(relay: RelayClient): Promise<FolderRestriction[] | null> {
  try {
    const params = { vaultId: relay.vaultId };
    const { restrictions } = await boundedApi(relay).call(API.listRestrictions, { params });
    return restrictions.map((restriction) => ({ folderKey: pathKey(restriction.path), members: new Set() }));
  } catch {
    return null;
  }
}

/** Sends ops in one batch (OP2: applied in order, answered one by one). */
export async function sendOps(relay: RelayClient, ops: readonly VaultOp[]): Promise<OpOutcome[]> {
  const params = { vaultId: relay.vaultId };
  const answer = await boundedApi(relay).call(API.applyOps, { params, body: opsBody(ops) });
  return answer.results;
}

/** Sorts an error of the relay client into try-later or refused, with the relay's code. */
export function failureOf(error: unknown): RelayFailure {
  const message = (error as Error).message ?? String(error);
  const code = /^([A-Z][A-Z_]+):/.exec(message)?.[1] ?? null;
  // Without a code the relay was not reached, or answered like something else (a proxy's 502): later.
  return { kind: code === null || RETRY_LATER.has(code) ? 'offline' : 'refused', code, message };
}

/**
 * Downloads an attachment to a new file at `target` (never over one: `placed` is false when something is
 * there), through `.baalda/tmp/` and hashing as it streams; the hash must be the ETag the relay sends
 * (ATT2, ATT6), so a damaged download never becomes the file.
 */
export async function downloadAttachmentTo(
  relay: RelayClient,
  docId: string,
  layout: MirrorLayout,
  target: string,
): Promise<{ placed: FileSignature | null; hash: string }> {
  const response = await relay.downloadAttachment(docId);
  const hash = createHash('sha256');
  let digest = '';
  const isWhole = async () => {
    digest = hash.digest('hex');
    const expected = etagHash(response);
    if (expected !== null && expected !== digest) throw new Error(`the download of ${docId} does not match its hash`);
    return true;
  };
  const placed = await writeFilePlaced(target, hashing(response.body ?? [], hash), {
    tempDir: layout.tmp,
    mode: 'create',
    mayReplace: isWhole,
  });
  return { placed: placed && { ...placed, hash: digest }, hash: digest };
}

async function* hashing(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  hash: Hash,
): AsyncIterable<Uint8Array> {
  for await (const chunk of chunks) {
    hash.update(chunk);
    yield chunk;
  }
}

/** The SHA-256 the relay has for an attachment (its ETag), without reading the bytes. */
export async function remoteHashOf(relay: RelayClient, docId: string): Promise<string | null> {
  const response = await relay.downloadAttachment(docId);
  await response.body?.cancel();
  return etagHash(response);
}

function etagHash(response: Response): string | null {
  return /^"([0-9a-f]{64})"$/.exec(response.headers.get('etag') ?? '')?.[1] ?? null;
}
