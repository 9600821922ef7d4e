import {
  type OAUTH_APPROVE_BODY,
  OAUTH_AUTHORIZATION_ANSWER,
  OAUTH_DECISION_ANSWER,
  redirectTargetProblem,
} from '@baalda/core';
import { API } from '@baalda/core/api';
import type { z } from 'zod';
import { readAnswer } from '../relayAnswer';
import { callRelay, type RelayCall } from '../relayApi';
import type { AccountResult } from './authApi';

/** What an assistant asks for, as the consent card shows it (OAC1). */
export interface OauthRequest {
  readonly clientName: string;
  /** The site the client registered for itself: its own word, so shown as text only. */
  readonly clientUri: string | null;
  /** Where the browser goes after the answer: the one fact about the client the relay has checked. */
  readonly redirectOrigin: string;
  /** False when the assistant asked to read only: writing is then never offered (OAC2). */
  readonly mayWrite: boolean;
}

/** What Allow sends: the vault the assistant gets, and whether it may only read. */
export type OauthApproval = z.output<typeof OAUTH_APPROVE_BODY>;

// `location.assign` runs a `javascript:` URL in this page, with the person's session, and hands other schemes
// to whatever program claims them (`ms-msdt:`, `search-ms:`). The relay refuses such redirect URIs when a
// client registers; the page keeps the same rule (core's OAU10), whatever the relay answered.
/** OAC3: where a decision sends the browser; a target OAU10 refuses is not followed. */
export const OAUTH_DECISION_VIEW = OAUTH_DECISION_ANSWER.refine(({ redirectTo }) => isAllowedRedirect(redirectTo), {
  message: 'must be https, loopback http or an app’s reverse-domain scheme',
  path: ['redirectTo'],
});

function isAllowedRedirect(url: string): boolean {
  return URL.canParse(url) && redirectTargetProblem(new URL(url)) === null;
}

/** `GET /api/oauth/authorizations/:id`: the request waiting for the person's consent. */
export async function readAuthorization(id: string): Promise<AccountResult<{ request: OauthRequest }>> {
  const request = OAUTH_AUTHORIZATION_ANSWER.pick({
    clientName: true,
    clientUri: true,
    redirectOrigin: true,
    mayWrite: true,
  });
  const read = readAnswer(await callRelay(API.describeOAuthRequest, { params: { id } }), request);
  return read.ok ? { ok: true, request: read.answer } : read;
}

/** `POST /api/oauth/authorizations/:id/approve`: the assistant gets `approval.vaultId`, as the person chose. */
export async function approveAuthorization(
  id: string,
  approval: OauthApproval,
): Promise<AccountResult<{ redirectTo: string }>> {
  return readDecision(await callRelay(API.approveOAuthRequest, { params: { id }, body: approval }));
}

/** `POST /api/oauth/authorizations/:id/deny`: the assistant learns of the refusal at `redirectTo`. */
export async function denyAuthorization(id: string): Promise<AccountResult<{ redirectTo: string }>> {
  return readDecision(await callRelay(API.denyOAuthRequest, { params: { id } }));
}

function readDecision(call: RelayCall): AccountResult<{ redirectTo: string }> {
  const read = readAnswer(call, OAUTH_DECISION_VIEW);
  return read.ok ? { ok: true, redirectTo: read.answer.redirectTo } : read;
}
