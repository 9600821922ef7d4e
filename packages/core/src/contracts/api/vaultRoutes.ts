import {
  INVITE_CREATED_ANSWER,
  MEMBER_CHANGED_ANSWER,
  MEMBER_LIST_ANSWER,
  RESTRICTION_LIST_ANSWER,
  RESTRICTION_SAVED_ANSWER,
  VAULT_CREATED_ANSWER,
  VAULT_LIST_ANSWER,
} from '../accessAnswers';
import { CREATE_INVITE_BODY, CREATE_VAULT_BODY, PUT_RESTRICTION_BODY, SET_ROLE_BODY } from '../requestBodies';
import { OPS_ANSWER, SEARCH_ANSWER, TRASH_ANSWER, TREE_ANSWER } from '../vaultAnswers';
import { FOLDER_PATH_QUERY, MADE_ID, VAULT_ID } from './apiParams';
import { declareRoute } from './apiRoute';
import { EMPTY, json, jsonBody } from './apiShapes';
import { VAULT_OPS_WIRE } from './opsWire';
import { CREATE_INVITE_WIRE, CREATE_VAULT_WIRE, PUT_RESTRICTION_WIRE, SET_ROLE_WIRE } from './wireBodies';

// Vaults, their members, invites and private folders (ACL1, ACL2); a vault's tree, trash, ops and search.

const IN_VAULT = { vaultId: VAULT_ID } as const;
const MEMBER = { vaultId: VAULT_ID, userId: MADE_ID("The member's user id.") } as const;

export const listVaults = declareRoute({
  name: 'listVaults',
  method: 'GET',
  path: '/api/vaults',
  params: {},
  auth: 'any',
  summary: "The caller's vaults and roles (a token: its own vault only).",
  answers: { 200: json(VAULT_LIST_ANSWER) },
});

export const createVault = declareRoute({
  name: 'createVault',
  method: 'POST',
  path: '/api/vaults',
  params: {},
  auth: 'session',
  summary: 'Makes a vault the caller owns.',
  body: jsonBody(CREATE_VAULT_WIRE, CREATE_VAULT_BODY),
  answers: { 201: json(VAULT_CREATED_ANSWER) },
});

export const listMembers = declareRoute({
  name: 'listMembers',
  method: 'GET',
  path: '/api/vaults/{vaultId}/members',
  params: IN_VAULT,
  auth: 'any',
  summary: "A vault's members and their roles.",
  answers: { 200: json(MEMBER_LIST_ANSWER) },
});

export const setRole = declareRoute({
  name: 'setRole',
  method: 'PUT',
  path: '/api/vaults/{vaultId}/members/{userId}',
  params: MEMBER,
  auth: 'session',
  summary: "Changes a member's role (owners only; the last owner stays).",
  body: jsonBody(SET_ROLE_WIRE, SET_ROLE_BODY),
  answers: { 200: json(MEMBER_CHANGED_ANSWER) },
});

export const removeMember = declareRoute({
  name: 'removeMember',
  method: 'DELETE',
  path: '/api/vaults/{vaultId}/members/{userId}',
  params: MEMBER,
  auth: 'session',
  summary: 'Takes a member out of the vault (owners), or leaves it (oneself).',
  answers: { 204: EMPTY },
});

export const createInvite = declareRoute({
  name: 'createInvite',
  method: 'POST',
  path: '/api/vaults/{vaultId}/invites',
  params: IN_VAULT,
  auth: 'session',
  summary: 'Makes an invite link with a role (owners only).',
  body: jsonBody(CREATE_INVITE_WIRE, CREATE_INVITE_BODY),
  answers: { 201: json(INVITE_CREATED_ANSWER) },
});

export const listRestrictions = declareRoute({
  name: 'listRestrictions',
  method: 'GET',
  path: '/api/vaults/{vaultId}/restrictions',
  params: IN_VAULT,
  auth: 'any',
  summary: 'The private folders the caller may see, with who may see each (ACL2).',
  answers: { 200: json(RESTRICTION_LIST_ANSWER) },
});

export const putRestriction = declareRoute({
  name: 'putRestriction',
  method: 'PUT',
  path: '/api/vaults/{vaultId}/restrictions',
  params: IN_VAULT,
  auth: 'session',
  summary: 'Makes a folder private to some members, or changes who they are (ACL2).',
  body: jsonBody(PUT_RESTRICTION_WIRE, PUT_RESTRICTION_BODY),
  answers: { 200: json(RESTRICTION_SAVED_ANSWER) },
});

export const liftRestriction = declareRoute({
  name: 'liftRestriction',
  method: 'DELETE',
  path: '/api/vaults/{vaultId}/restrictions',
  params: IN_VAULT,
  query: { path: FOLDER_PATH_QUERY },
  auth: 'session',
  summary: 'Opens a private folder to the whole vault again (ACL2).',
  answers: { 204: EMPTY },
});

export const readTree = declareRoute({
  name: 'readTree',
  method: 'GET',
  path: '/api/vaults/{vaultId}/tree',
  params: IN_VAULT,
  auth: 'vault',
  head: true,
  summary: "The vault's live notes and folders the caller may read, and the tree's version.",
  answers: { 200: json(TREE_ANSWER) },
});

export const readTrash = declareRoute({
  name: 'readTrash',
  method: 'GET',
  path: '/api/vaults/{vaultId}/trash',
  params: IN_VAULT,
  auth: 'vault',
  head: true,
  summary: 'The trashed notes the caller may read (TR1).',
  answers: { 200: json(TRASH_ANSWER) },
});

export const applyOps = declareRoute({
  name: 'applyOps',
  method: 'POST',
  path: '/api/vaults/{vaultId}/ops',
  params: IN_VAULT,
  auth: 'vault',
  summary: 'Applies a batch of tree ops in order: one outcome per op, refusals included (OP2).',
  body: jsonBody(VAULT_OPS_WIRE),
  answers: { 200: json(OPS_ANSWER) },
});

export const search = declareRoute({
  name: 'search',
  method: 'GET',
  path: '/api/vaults/{vaultId}/search',
  params: IN_VAULT,
  query: {
    q: { description: 'What to look for.', type: 'string', required: true },
    limit: { description: 'At most this many results.', type: 'integer' },
    folder: { description: 'Only notes in this folder.', type: 'string' },
    kind: { description: '`note` or `attachment`.', type: 'string' },
  },
  auth: 'vault',
  head: true,
  summary: 'Pointers to the live notes the caller may read, best first (SRCH3, ACL5).',
  answers: { 200: json(SEARCH_ANSWER) },
});
