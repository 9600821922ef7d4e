import { z } from 'zod';
import { ERROR_ANSWER } from '../accessAnswers';
import type { ApiAnswer, ApiAuth, ApiRoute } from './apiRoute';
import { paramNamesOf } from './apiRoute';

type JsonObject = Record<string, unknown>;

/** The OpenAPI 3.1 document of `routes` (API3): what `GET /api/openapi.json` answers. */
export function buildOpenApiDocument(routes: readonly ApiRoute[], version: string): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const route of routes) {
    const item = paths[route.path] ?? {};
    item[route.method.toLowerCase()] = operationOf(route);
    if (route.head) item.head = headOperationOf(route);
    paths[route.path] = item;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Baalda relay API',
      version,
      description:
        'The HTTP API of a Baalda relay. Every refusal is `{ error: { code, message } }`; note text itself ' +
        'travels over the sync WebSocket and the MCP route at `/mcp`, which are not HTTP routes of this API.',
    },
    paths,
    components: { schemas: { Error: jsonSchemaOf(ERROR_ANSWER, 'output') }, securitySchemes: SECURITY_SCHEMES },
  };
}

const SECURITY_SCHEMES = {
  session: { type: 'apiKey', in: 'cookie', name: 'baalda_session', description: 'A signed-in browser.' },
  token: { type: 'http', scheme: 'bearer', description: 'A personal access token (ACL3).' },
  adminKey: {
    type: 'http',
    scheme: 'bearer',
    description: "The relay's admin key (admin.key in its data folder), from the relay's own machine only.",
  },
};

const SECURITY: Record<ApiAuth, JsonObject[]> = {
  public: [],
  session: [{ session: [] }],
  any: [{ session: [] }, { token: [] }],
  vault: [{ session: [] }, { token: [] }],
  admin: [{ adminKey: [] }],
};

function operationOf(route: ApiRoute): JsonObject {
  const operation: JsonObject = {
    operationId: route.name,
    summary: route.summary,
    tags: [tagOf(route.path)],
    security: SECURITY[route.auth],
    parameters: parametersOf(route),
    responses: responsesOf(route.answers),
  };
  const body = requestBodyOf(route);
  if (body) operation.requestBody = body;
  return operation;
}

// HEAD answers as GET does, without a body.
function headOperationOf(route: ApiRoute): JsonObject {
  const responses = Object.fromEntries(
    Object.keys(route.answers).map((status) => [status, { description: 'As GET, without a body.' }]),
  );
  return { ...operationOf(route), operationId: `${route.name}Head`, responses };
}

function tagOf(path: string): string {
  return path.split('/')[2] ?? 'api';
}

function parametersOf(route: ApiRoute): JsonObject[] {
  const params: Record<string, { pattern: string; description: string }> = route.params;
  const inPath = paramNamesOf(route.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    description: params[name]?.description,
    schema: { type: 'string', pattern: `^${params[name]?.pattern}$` },
  }));
  const inQuery = Object.entries(route.query ?? {}).map(([name, param]) => ({
    name,
    in: 'query',
    required: param.required === true,
    description: param.description,
    schema: { type: param.type },
  }));
  return [...inPath, ...inQuery];
}

function requestBodyOf(route: ApiRoute): JsonObject | null {
  if (!route.body) return null;
  if (route.body.kind === 'bytes')
    return {
      required: true,
      description: route.body.description,
      content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: '*/*' } } },
    };
  return { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body.wire, 'input') } } };
}

function responsesOf(answers: Readonly<Record<number, ApiAnswer>>): JsonObject {
  const responses: JsonObject = {};
  for (const [status, answer] of Object.entries(answers)) responses[status] = responseOf(answer);
  responses.default = {
    description: 'A refusal (HTTP2): its code says why.',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
  return responses;
}

function responseOf(answer: ApiAnswer): JsonObject {
  switch (answer.kind) {
    case 'json':
      return { description: 'OK', content: { 'application/json': { schema: jsonSchemaOf(answer.schema, 'output') } } };
    case 'lines':
      return {
        description: 'Newline-delimited JSON: each line is one of these.',
        content: { 'application/x-ndjson': { schema: jsonSchemaOf(answer.schema, 'output') } },
      };
    case 'bytes':
      return {
        description: answer.description,
        content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: '*/*' } } },
      };
    case 'empty':
      return { description: 'Done; no body.' };
  }
}

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  return rest;
}
