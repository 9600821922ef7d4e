import {
  AUTH_STATE_ANSWER,
  INVITE_ACCEPTED_ANSWER,
  INVITE_OFFER_ANSWER,
  OAUTH_AUTHORIZATION_ANSWER,
  OAUTH_DECISION_ANSWER,
  PASSWORD_CHANGED_ANSWER,
  SESSION_ANSWER,
  TOKEN_CREATED_ANSWER,
  TOKEN_LIST_ANSWER,
} from '../accessAnswers';
import {
  CHANGE_PASSWORD_BODY,
  CREATE_TOKEN_BODY,
  OAUTH_APPROVE_BODY,
  SIGN_IN_BODY,
  SIGN_UP_BODY,
} from '../requestBodies';
import { MADE_ID, SEGMENT } from './apiParams';
import { declareRoute } from './apiRoute';
import { EMPTY, json, jsonBody } from './apiShapes';
import { CHANGE_PASSWORD_WIRE, CREATE_TOKEN_WIRE, OAUTH_APPROVE_WIRE, SIGN_IN_WIRE, SIGN_UP_WIRE } from './wireBodies';

// Accounts and sessions, invites, personal access tokens and the OAuth consent page.

const NO_PARAMS = {} as const;
const AUTHORIZATION = { id: MADE_ID("The assistant's pending request.") };

export const authState = declareRoute({
  name: 'authState',
  method: 'GET',
  path: '/api/auth/state',
  params: NO_PARAMS,
  auth: 'public',
  summary: 'Who is signed in (null: nobody), their vaults, and whether the first account may sign up.',
  answers: { 200: json(AUTH_STATE_ANSWER) },
});

export const signUp = declareRoute({
  name: 'signUp',
  method: 'POST',
  path: '/api/auth/signup',
  params: NO_PARAMS,
  auth: 'public',
  summary: 'Makes an account (the first one, or with an invite) and signs it in with a session cookie.',
  body: jsonBody(SIGN_UP_WIRE, SIGN_UP_BODY),
  answers: { 201: json(SESSION_ANSWER) },
});

export const signIn = declareRoute({
  name: 'signIn',
  method: 'POST',
  path: '/api/auth/signin',
  params: NO_PARAMS,
  auth: 'public',
  summary: 'Signs in with a session cookie.',
  body: jsonBody(SIGN_IN_WIRE, SIGN_IN_BODY),
  answers: { 200: json(SESSION_ANSWER) },
});

export const signOut = declareRoute({
  name: 'signOut',
  method: 'POST',
  path: '/api/auth/signout',
  params: NO_PARAMS,
  auth: 'public',
  summary: "Ends this browser's session and clears its cookie.",
  answers: { 204: EMPTY },
});

export const changePassword = declareRoute({
  name: 'changePassword',
  method: 'POST',
  path: '/api/auth/password',
  params: NO_PARAMS,
  auth: 'session',
  summary: "Changes one's password; every other session and every OAuth grant ends (ACC12).",
  body: jsonBody(CHANGE_PASSWORD_WIRE, CHANGE_PASSWORD_BODY),
  answers: { 200: json(PASSWORD_CHANGED_ANSWER) },
});

export const signOutEverywhere = declareRoute({
  name: 'signOutEverywhere',
  method: 'POST',
  path: '/api/auth/signout-everywhere',
  params: NO_PARAMS,
  auth: 'session',
  summary: 'Ends every session of the account, this one included.',
  answers: { 204: EMPTY },
});

export const showInvite = declareRoute({
  name: 'showInvite',
  method: 'GET',
  path: '/api/invites/{secret}',
  params: { secret: SEGMENT("The invite link's secret.") },
  auth: 'public',
  summary: 'What an invite link offers: the vault and the role.',
  answers: { 200: json(INVITE_OFFER_ANSWER) },
});

export const acceptInvite = declareRoute({
  name: 'acceptInvite',
  method: 'POST',
  path: '/api/invites/{secret}/accept',
  params: { secret: SEGMENT("The invite link's secret.") },
  auth: 'any',
  summary: "Joins the invite's vault with its role (a signed-in person; tokens are refused).",
  answers: { 200: json(INVITE_ACCEPTED_ANSWER) },
});

export const listTokens = declareRoute({
  name: 'listTokens',
  method: 'GET',
  path: '/api/tokens',
  params: NO_PARAMS,
  auth: 'session',
  summary: "One's personal access tokens and OAuth grants, without their secrets.",
  answers: { 200: json(TOKEN_LIST_ANSWER) },
});

export const createToken = declareRoute({
  name: 'createToken',
  method: 'POST',
  path: '/api/tokens',
  params: NO_PARAMS,
  auth: 'session',
  summary: 'Makes a personal access token for one vault; its secret is in this answer only (ACL3).',
  body: jsonBody(CREATE_TOKEN_WIRE, CREATE_TOKEN_BODY),
  answers: { 201: json(TOKEN_CREATED_ANSWER) },
});

export const revokeToken = declareRoute({
  name: 'revokeToken',
  method: 'DELETE',
  path: '/api/tokens/{tokenId}',
  params: { tokenId: MADE_ID("The token's id.") },
  auth: 'session',
  summary: 'Revokes one of your tokens or OAuth grants; its open connections close (ACL6).',
  answers: { 204: EMPTY },
});

export const describeOAuthRequest = declareRoute({
  name: 'describeOAuthRequest',
  method: 'GET',
  path: '/api/oauth/authorizations/{id}',
  params: AUTHORIZATION,
  auth: 'session',
  summary: 'What an assistant asks for, shown on the consent page (OAU6).',
  answers: { 200: json(OAUTH_AUTHORIZATION_ANSWER) },
});

export const approveOAuthRequest = declareRoute({
  name: 'approveOAuthRequest',
  method: 'POST',
  path: '/api/oauth/authorizations/{id}/approve',
  params: AUTHORIZATION,
  auth: 'session',
  summary: 'Grants the assistant one vault; the answer says where to send the browser back.',
  body: jsonBody(OAUTH_APPROVE_WIRE, OAUTH_APPROVE_BODY),
  answers: { 200: json(OAUTH_DECISION_ANSWER) },
});

export const denyOAuthRequest = declareRoute({
  name: 'denyOAuthRequest',
  method: 'POST',
  path: '/api/oauth/authorizations/{id}/deny',
  params: AUTHORIZATION,
  auth: 'session',
  summary: 'Refuses the assistant; the answer says where to send the browser back.',
  answers: { 200: json(OAUTH_DECISION_ANSWER) },
});
