import { ATTACHMENT_META_ANSWER, ATTACHMENT_STORED_ANSWER, ATTACHMENT_TEXT_ANSWER } from '../attachmentAnswers';
import { VERSION_POST_BODY } from '../requestBodies';
import {
  BACKLINKS_ANSWER,
  VERSION_DETAIL_ANSWER,
  VERSION_LIST_ANSWER,
  VERSION_RESTORED_ANSWER,
  VERSION_SAVED_ANSWER,
} from '../vaultAnswers';
import { DOC_ID, MADE_ID, SEGMENT, VAULT_ID } from './apiParams';
import { declareRoute } from './apiRoute';
import { json, jsonBody } from './apiShapes';
import { EMPTY_WIRE } from './wireBodies';

// What belongs to one note: its attachments' files, its versions (VC5–VC7) and its backlinks (BL2).

const NOTE = { vaultId: VAULT_ID, docId: DOC_ID } as const;
const ATTACHMENT = { vaultId: VAULT_ID, docId: MADE_ID("The attachment's id (16–64 characters).") } as const;
const VERSION = { vaultId: VAULT_ID, docId: DOC_ID, versionId: SEGMENT("The version's id.") } as const;

export const uploadAttachment = declareRoute({
  name: 'uploadAttachment',
  method: 'PUT',
  path: '/api/vaults/{vaultId}/attachments/{docId}',
  params: ATTACHMENT,
  query: {
    path: { description: 'Where the file goes in the vault: `Folder/name.pdf`.', type: 'string', required: true },
    createdAt: { description: 'When the file was added on its device (ms since 1970).', type: 'integer' },
  },
  auth: 'any',
  summary: 'Stores a file under its id; renamed like a note when its path is taken (ATT2, CN1).',
  body: { kind: 'bytes', description: "The file's bytes." },
  answers: { 200: json(ATTACHMENT_STORED_ANSWER), 201: json(ATTACHMENT_STORED_ANSWER) },
});

export const downloadAttachment = declareRoute({
  name: 'downloadAttachment',
  method: 'GET',
  path: '/api/vaults/{vaultId}/attachments/{docId}',
  params: ATTACHMENT,
  query: { download: { description: '`1`: sent as a download rather than shown.', type: 'string' } },
  auth: 'any',
  summary: "The file's bytes, with ranges (ATT3).",
  answers: {
    200: { kind: 'bytes', description: 'The whole file.' },
    206: { kind: 'bytes', description: 'The range asked for.' },
  },
});

export const describeAttachment = declareRoute({
  name: 'describeAttachment',
  method: 'GET',
  path: '/api/vaults/{vaultId}/attachments/{docId}/meta',
  params: ATTACHMENT,
  auth: 'any',
  summary: "A file's type, size, hash and text extraction (ATT3–ATT5).",
  answers: { 200: json(ATTACHMENT_META_ANSWER) },
});

export const readAttachmentText = declareRoute({
  name: 'readAttachmentText',
  method: 'GET',
  path: '/api/vaults/{vaultId}/attachments/{docId}/text',
  params: ATTACHMENT,
  query: {
    offset: { description: 'The first character of the page (default 0).', type: 'integer' },
    maxChars: { description: 'The most characters in the page (1–100,000; default 20,000).', type: 'integer' },
  },
  auth: 'any',
  summary: "One page of a file's extracted text.",
  answers: { 200: json(ATTACHMENT_TEXT_ANSWER) },
});

export const listVersions = declareRoute({
  name: 'listVersions',
  method: 'GET',
  path: '/api/vaults/{vaultId}/notes/{docId}/versions',
  params: NOTE,
  auth: 'vault',
  head: true,
  summary: "A note's versions, newest first, without their texts (VC5).",
  answers: { 200: json(VERSION_LIST_ANSWER) },
});

export const keepVersion = declareRoute({
  name: 'keepVersion',
  method: 'POST',
  path: '/api/vaults/{vaultId}/notes/{docId}/versions',
  params: NOTE,
  auth: 'vault',
  summary: "Keeps the note's current text as a version, unless it equals the latest (VC4).",
  body: jsonBody(EMPTY_WIRE, VERSION_POST_BODY),
  answers: { 200: json(VERSION_SAVED_ANSWER), 201: json(VERSION_SAVED_ANSWER) },
});

export const readVersion = declareRoute({
  name: 'readVersion',
  method: 'GET',
  path: '/api/vaults/{vaultId}/notes/{docId}/versions/{versionId}',
  params: VERSION,
  auth: 'vault',
  head: true,
  summary: 'One version with its plain text.',
  answers: { 200: json(VERSION_DETAIL_ANSWER) },
});

export const restoreVersion = declareRoute({
  name: 'restoreVersion',
  method: 'POST',
  path: '/api/vaults/{vaultId}/notes/{docId}/versions/{versionId}/restore',
  params: VERSION,
  auth: 'vault',
  summary: 'Makes a version the current text, keeping the text it replaces as a version first (VC7).',
  body: jsonBody(EMPTY_WIRE, VERSION_POST_BODY),
  answers: { 200: json(VERSION_RESTORED_ANSWER) },
});

export const listBacklinks = declareRoute({
  name: 'listBacklinks',
  method: 'GET',
  path: '/api/vaults/{vaultId}/notes/{docId}/backlinks',
  params: NOTE,
  auth: 'vault',
  head: true,
  summary: 'The live notes the caller may read that link to this one (BL2, LIM20).',
  answers: { 200: json(BACKLINKS_ANSWER) },
});
