import type { IncomingMessage, ServerResponse } from 'node:http';
import { isValidDocId, parseRequestBody, VERSION_POST_BODY } from '@baalda/core';
import type { VaultGuard } from '../access/vaultGuard';
import { sendError, sendJson } from '../http/httpErrors';
import { readJsonBody } from '../http/readJsonBody';
import type { VersionService } from './versionService';

/** `/api/vaults/:vault/notes/:docId/versions[/:versionId[/restore]]` (VC5–VC7). */
export const VERSION_ROUTE = /^\/api\/vaults\/([^/]+)\/notes\/([^/]+)\/versions(?:\/([^/]+)(\/restore)?)?$/;

/** Which history action a matched path asks for. */
export interface VersionRoute {
  readonly vaultId: string;
  readonly docId: string;
  readonly versionId?: string;
  readonly restore: boolean;
}

/**
 * GET the list (newest first, no texts) · POST it to keep a `manual` version · GET one version with its
 * text · POST `…/restore` to restore it. Bodies of POSTs must be JSON objects (`{}`).
 */
export async function handleVersionRoute(
  request: IncomingMessage,
  response: ServerResponse,
  route: VersionRoute,
  versions: VersionService,
  guard: VaultGuard,
): Promise<void> {
  if (!isValidDocId(route.docId)) return sendError(response, 'NOTE_NOT_FOUND', `No note "${route.docId}".`);
  const method = request.method ?? '';
  const allowed = allowedMethods(route);
  if (!allowed.includes(method)) {
    response.setHeader('Allow', allowed.join(', '));
    return sendError(response, 'METHOD_NOT_ALLOWED', `Use ${allowed.join(' or ')}.`);
  }
  // ACL4: a note the caller can't read answers exactly like one that does not exist.
  const path = await versions.pathOf(route.vaultId, route.docId);
  if (path === null || !guard.canRead(path)) return noNote(response, route.docId);
  if (method === 'POST' && !guard.canWrite(path)) {
    return sendError(response, 'FORBIDDEN', "You may read this note's history but not change it.");
  }
  if (method === 'POST') {
    const body = await readJsonBody(request);
    if (!body.ok) return sendError(response, body.code, body.message);
    const fields = parseRequestBody(VERSION_POST_BODY, body.value);
    if (!fields.ok) return sendError(response, fields.code, fields.message);
  }
  return answer(response, route, method, versions);
}

async function answer(response: ServerResponse, route: VersionRoute, method: string, versions: VersionService) {
  const { vaultId, docId, versionId } = route;
  if (versionId === undefined && method !== 'POST') {
    const list = await versions.list(vaultId, docId);
    return list ? sendJson(response, 200, { versions: list }) : noNote(response, docId);
  }
  if (versionId === undefined) {
    const kept = await versions.keepManual(vaultId, docId);
    if (kept === 'NO_NOTE') return noNote(response, docId);
    if (kept === 'IN_TRASH') return inTrash(response, docId);
    return kept
      ? sendJson(response, 201, { version: kept })
      : sendJson(response, 200, { version: null, unchanged: true });
  }
  const result = route.restore
    ? await versions.restore(vaultId, docId, versionId)
    : await versions.read(vaultId, docId, versionId);
  if (result === 'NO_NOTE') return noNote(response, docId);
  if (result === 'IN_TRASH') return inTrash(response, docId);
  if (result === null) return sendError(response, 'VERSION_NOT_FOUND', `Note ${docId} has no version "${versionId}".`);
  sendJson(response, 200, route.restore ? result : { version: result });
}

function allowedMethods(route: VersionRoute): string[] {
  if (route.restore) return ['POST'];
  return route.versionId === undefined ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD'];
}

// TR1: a trashed note's history can be read, not changed.
function inTrash(response: ServerResponse, docId: string): void {
  sendError(response, 'NOTE_IN_TRASH', `Note ${docId} is in the trash; restore it before changing its history.`);
}

function noNote(response: ServerResponse, docId: string): void {
  sendError(response, 'NOTE_NOT_FOUND', `No note "${docId}" in this vault (a purged note is gone with its history).`);
}
