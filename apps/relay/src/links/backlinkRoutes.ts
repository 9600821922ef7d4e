import { isValidDocId, LIMITS, titleFromPath } from '@baalda/core';
import { API } from '@baalda/core/api';
import { sendError, sendJson } from '../http/httpErrors';
import type { Route, RouteContext, VaultCall } from '../routing/callerRoutes';
import { serve } from '../routing/declaredRoutes';
import type { LinkService } from './linkService';

/** What the backlinks route needs beyond the basics. */
export interface BacklinkRouteContext extends RouteContext {
  readonly links: LinkService;
}

type Call = VaultCall<BacklinkRouteContext>;

/**
 * `GET /api/vaults/:vault/notes/:docId/backlinks` (BL2): the live notes linking to this one that the
 * caller may read, by path, at most LIM20's 500 (`truncated` when there were more). A note the caller can't
 * read answers like one that does not exist (ACL4); a linking note it can't read is neither listed nor
 * counted.
 */
export const BACKLINK_ROUTES: readonly Route<BacklinkRouteContext>[] = [
  ...serve(API.listBacklinks, listBacklinks, { namesMethods: true, refuseParams: refuseDocId }),
];

function refuseDocId({ response, params }: Call): boolean {
  const docId = params[1] ?? '';
  if (isValidDocId(docId)) return false;
  sendError(response, 'NOTE_NOT_FOUND', `No note "${docId}".`);
  return true;
}

async function listBacklinks({ response, context, guard, params }: Call): Promise<void> {
  const [vaultId = '', docId = ''] = params;
  const path = await context.links.livePathOf(vaultId, docId);
  if (path === null || !guard.canRead(path)) {
    sendError(response, 'NOTE_NOT_FOUND', `No note "${docId}" in this vault.`);
    return;
  }
  const readable = (await context.links.linkingNotes(vaultId, docId)).filter((note) => guard.canRead(note.path));
  const backlinks = readable
    .slice(0, LIMITS.maxBacklinks)
    .map((note) => ({ docId: note.docId, path: note.path, title: titleFromPath(note.path) }));
  sendJson(response, 200, { backlinks, truncated: readable.length > LIMITS.maxBacklinks });
}
