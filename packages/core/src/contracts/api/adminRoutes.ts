import { TOKEN_CREATED_ANSWER } from '../accessAnswers';
import {
  ADMIN_PASSWORD_RESET_ANSWER,
  ADMIN_RESTRICTED_ANSWER,
  ADMIN_ROLE_SET_ANSWER,
  ADMIN_TOKEN_LIST_ANSWER,
  ADMIN_TOKEN_REVOKED_ANSWER,
  ADMIN_UNRESTRICTED_ANSWER,
  ADMIN_USER_CREATED_ANSWER,
  ADMIN_USER_DISABLED_ANSWER,
  ADMIN_VAULT_CREATED_ANSWER,
  REINDEX_LINE,
} from '../adminAnswers';
import { ADMIN_DISABLED_BODY, ADMIN_PASSWORD_BODY, REINDEX_BODY } from '../requestBodies';
import { FOLDER_PATH_QUERY, MADE_ID, VAULT_ID } from './apiParams';
import { declareRoute } from './apiRoute';
import { json, jsonBody } from './apiShapes';
import {
  ADMIN_ADD_USER_WIRE,
  ADMIN_CREATE_TOKEN_WIRE,
  ADMIN_CREATE_VAULT_WIRE,
  ADMIN_DISABLED_WIRE,
  ADMIN_GRANT_WIRE,
  ADMIN_PASSWORD_WIRE,
  ADMIN_RESTRICT_WIRE,
  REINDEX_WIRE,
} from './wireBodies';

// The operator's routes (`npm run baalda`): only on the relay's machine, only with the admin key (ACC10).

const IN_VAULT = { vaultId: VAULT_ID } as const;

export const adminAddUser = declareRoute({
  name: 'adminAddUser',
  method: 'POST',
  path: '/api/admin/users',
  params: {},
  auth: 'admin',
  summary: 'Makes an account.',
  body: jsonBody(ADMIN_ADD_USER_WIRE),
  answers: { 201: json(ADMIN_USER_CREATED_ANSWER) },
});

export const adminResetPassword = declareRoute({
  name: 'adminResetPassword',
  method: 'PUT',
  path: '/api/admin/users/password',
  params: {},
  auth: 'admin',
  summary: "Sets an account's password; its sessions and OAuth grants end (ACC13).",
  body: jsonBody(ADMIN_PASSWORD_WIRE, ADMIN_PASSWORD_BODY),
  answers: { 200: json(ADMIN_PASSWORD_RESET_ANSWER) },
});

export const adminSetDisabled = declareRoute({
  name: 'adminSetDisabled',
  method: 'PUT',
  path: '/api/admin/users/disabled',
  params: {},
  auth: 'admin',
  summary: 'Disables an account (ending its sessions, grants and tokens) or enables it again (ACC13).',
  body: jsonBody(ADMIN_DISABLED_WIRE, ADMIN_DISABLED_BODY),
  answers: { 200: json(ADMIN_USER_DISABLED_ANSWER) },
});

export const adminCreateVault = declareRoute({
  name: 'adminCreateVault',
  method: 'POST',
  path: '/api/admin/vaults',
  params: {},
  auth: 'admin',
  summary: 'Makes a vault, owned by an account when one is named.',
  body: jsonBody(ADMIN_CREATE_VAULT_WIRE),
  answers: { 201: json(ADMIN_VAULT_CREATED_ANSWER) },
});

export const adminGrant = declareRoute({
  name: 'adminGrant',
  method: 'PUT',
  path: '/api/admin/vaults/{vaultId}/members',
  params: IN_VAULT,
  auth: 'admin',
  summary: 'Gives an account a role in a vault.',
  body: jsonBody(ADMIN_GRANT_WIRE),
  answers: { 200: json(ADMIN_ROLE_SET_ANSWER) },
});

export const adminRestrict = declareRoute({
  name: 'adminRestrict',
  method: 'PUT',
  path: '/api/admin/vaults/{vaultId}/restrictions',
  params: IN_VAULT,
  auth: 'admin',
  summary: 'Makes a folder private to some accounts, named by email (ACL2).',
  body: jsonBody(ADMIN_RESTRICT_WIRE),
  answers: { 200: json(ADMIN_RESTRICTED_ANSWER) },
});

export const adminUnrestrict = declareRoute({
  name: 'adminUnrestrict',
  method: 'DELETE',
  path: '/api/admin/vaults/{vaultId}/restrictions',
  params: IN_VAULT,
  query: { path: FOLDER_PATH_QUERY },
  auth: 'admin',
  summary: 'Opens a private folder to the whole vault again.',
  answers: { 200: json(ADMIN_UNRESTRICTED_ANSWER) },
});

export const adminCreateToken = declareRoute({
  name: 'adminCreateToken',
  method: 'POST',
  path: '/api/admin/tokens',
  params: {},
  auth: 'admin',
  summary: "Makes an access token for an account's vault; its secret is in this answer only.",
  body: jsonBody(ADMIN_CREATE_TOKEN_WIRE),
  answers: { 201: json(TOKEN_CREATED_ANSWER) },
});

export const adminListTokens = declareRoute({
  name: 'adminListTokens',
  method: 'GET',
  path: '/api/admin/tokens',
  params: {},
  auth: 'admin',
  summary: 'Every access token and OAuth grant, with its owner.',
  answers: { 200: json(ADMIN_TOKEN_LIST_ANSWER) },
});

export const adminRevokeToken = declareRoute({
  name: 'adminRevokeToken',
  method: 'DELETE',
  path: '/api/admin/tokens/{tokenId}',
  params: { tokenId: MADE_ID("The token's id.") },
  auth: 'admin',
  summary: 'Revokes any token or grant.',
  answers: { 200: json(ADMIN_TOKEN_REVOKED_ANSWER) },
});

export const adminReindex = declareRoute({
  name: 'adminReindex',
  method: 'POST',
  path: '/api/admin/reindex',
  params: {},
  auth: 'admin',
  summary: 'Rebuilds the search index with an embedder, reporting progress line by line (IDX5).',
  body: jsonBody(REINDEX_WIRE, REINDEX_BODY),
  answers: { 200: { kind: 'lines', schema: REINDEX_LINE } },
});
