import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseNoteRegistration } from '@baalda/core';
import type { NoteStore } from '../store/noteStore';
import { DEFAULT_VAULT_ID } from '../store/prismaNoteStore';
import { sendError, sendJson } from './httpErrors';
import { readJsonBody } from './readJsonBody';

/** What the API routes need from the rest of the relay. */
export interface ApiContext {
  readonly store: NoteStore;
  readonly clock: () => Date;
  readonly backend: string;
}

/** Handles `/api/*`; every answer is JSON. */
export async function handleApiRequest(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  context: ApiContext,
): Promise<void> {
  if (path === '/api/health') return allow(request, response, ['GET', 'HEAD'], () => sendHealth(response, context));
  if (path === '/api/notes') {
    return allow(request, response, ['GET', 'HEAD', 'POST'], () =>
      request.method === 'POST' ? registerNote(request, response, context) : listNotes(response, context),
    );
  }
  sendError(response, 'NOT_FOUND', `No API route at ${path}.`);
}

async function allow(
  request: IncomingMessage,
  response: ServerResponse,
  methods: string[],
  handle: () => Promise<void> | void,
): Promise<void> {
  if (methods.includes(request.method ?? '')) return handle();
  response.setHeader('Allow', methods.join(', '));
  sendError(response, 'METHOD_NOT_ALLOWED', `Use ${methods.join(' or ')}.`);
}

function sendHealth(response: ServerResponse, context: ApiContext): void {
  sendJson(response, 200, { ok: true, backend: context.backend });
}

async function listNotes(response: ServerResponse, context: ApiContext): Promise<void> {
  sendJson(response, 200, { notes: await context.store.listNotes(DEFAULT_VAULT_ID) });
}

async function registerNote(request: IncomingMessage, response: ServerResponse, context: ApiContext): Promise<void> {
  const body = await readJsonBody(request);
  if (!body.ok) return sendError(response, body.code, body.message);
  const now = context.clock();
  const registration = parseNoteRegistration(body.value, now.getTime());
  if (!registration.ok) return sendError(response, registration.code, registration.message);
  const result = await context.store.registerNote(registration.docId, new Date(registration.createdAt), now);
  sendJson(response, result.created ? 201 : 200, { note: result.note });
}
