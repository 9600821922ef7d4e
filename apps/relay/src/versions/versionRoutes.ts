import { isValidDocId, parseRequestBody, VERSION_POST_BODY } from '@baalda/core';
import { API } from '@baalda/core/api';
import { sendError, sendJson } from '../http/httpErrors';
import { readJsonBody } from '../http/readJsonBody';
import type { Route, RouteContext, VaultCall } from '../routing/callerRoutes';
import { serve } from '../routing/declaredRoutes';
import type { VersionService } from './versionService';

/** What the history routes need beyond the basics. */
export interface VersionRouteContext extends RouteContext {
  readonly versions: VersionService;
}

type Call = VaultCall<VersionRouteContext>;
const VERSION = { namesMethods: true, refuseParams: refuseDocId } as const;

/**
 * `/api/vaults/:vault/notes/:docId/versions[/:versionId[/restore]]` (VC5–VC7): GET the list (newest first,
 * no texts) · POST it to keep a `manual` version · GET one version with its text · POST `…/restore` to
 * restore it. Bodies of POSTs must be JSON objects (`{}`).
 */
export const VERSION_ROUTES: readonly Route<VersionRouteContext>[] = [
  ...serve(API.listVersions, listVersions, VERSION),
  ...serve(API.keepVersion, keepManual, VERSION),
  ...serve(API.readVersion, readVersion, VERSION),
  ...serve(API.restoreVersion, restoreVersion, VERSION),
];

// A doc id that can't be a note's answers before the method is looked at, as a note that is not there.
function refuseDocId({ response, params }: Call): boolean {
  const docId = params[1] ?? '';
  if (isValidDocId(docId)) return false;
  sendError(response, 'NOTE_NOT_FOUND', `No note "${docId}".`);
  return true;
}

async function listVersions(call: Call): Promise<void> {
  const [vaultId = '', docId = ''] = call.params;
  if (!(await isNoteOpen(call, false))) return;
  const list = await call.context.versions.list(vaultId, docId);
  return list ? sendJson(call.response, 200, { versions: list }) : noNote(call);
}

async function keepManual(call: Call): Promise<void> {
  const [vaultId = '', docId = ''] = call.params;
  if (!(await isNoteOpen(call, true))) return;
  const kept = await call.context.versions.keepManual(vaultId, docId);
  if (kept === 'NO_NOTE') return noNote(call);
  if (kept === 'IN_TRASH') return inTrash(call);
  return kept
    ? sendJson(call.response, 201, { version: kept })
    : sendJson(call.response, 200, { version: null, unchanged: true });
}

async function readVersion(call: Call): Promise<void> {
  const [vaultId = '', docId = '', versionId = ''] = call.params;
  if (!(await isNoteOpen(call, false))) return;
  answerVersion(call, await call.context.versions.read(vaultId, docId, versionId), false);
}

async function restoreVersion(call: Call): Promise<void> {
  const [vaultId = '', docId = '', versionId = ''] = call.params;
  if (!(await isNoteOpen(call, true))) return;
  answerVersion(call, await call.context.versions.restore(vaultId, docId, versionId), true);
}

function answerVersion(call: Call, result: unknown, restored: boolean): void {
  const [, docId = '', versionId = ''] = call.params;
  if (result === 'NO_NOTE') noNote(call);
  else if (result === 'IN_TRASH') inTrash(call);
  else if (result === null)
    sendError(call.response, 'VERSION_NOT_FOUND', `Note ${docId} has no version "${versionId}".`);
  else sendJson(call.response, 200, restored ? result : { version: result });
}

// ACL4: a note the caller can't read answers exactly like one that does not exist. A change also needs
// the right to write the note, and a JSON object as its body; false after answering.
async function isNoteOpen(call: Call, change: boolean): Promise<boolean> {
  const { response, context, guard, params } = call;
  const path = await context.versions.pathOf(params[0] ?? '', params[1] ?? '');
  if (path === null || !guard.canRead(path)) {
    noNote(call);
    return false;
  }
  if (!change) return true;
  if (!guard.canWrite(path)) {
    sendError(response, 'FORBIDDEN', "You may read this note's history but not change it.");
    return false;
  }
  return hasObjectBody(call);
}

async function hasObjectBody({ request, response }: Call): Promise<boolean> {
  const body = await readJsonBody(request);
  const fields = body.ok ? parseRequestBody(VERSION_POST_BODY, body.value) : body;
  if (fields.ok) return true;
  sendError(response, fields.code, fields.message);
  return false;
}

// TR1: a trashed note's history can be read, not changed.
function inTrash({ response, params }: Call): void {
  const docId = params[1] ?? '';
  sendError(response, 'NOTE_IN_TRASH', `Note ${docId} is in the trash; restore it before changing its history.`);
}

function noNote({ response, params }: Call): void {
  const docId = params[1] ?? '';
  sendError(response, 'NOTE_NOT_FOUND', `No note "${docId}" in this vault (a purged note is gone with its history).`);
}
