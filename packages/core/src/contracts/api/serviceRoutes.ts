import { z } from 'zod';
import { HEALTH_ANSWER } from '../accessAnswers';
import { declareRoute } from './apiRoute';
import { json } from './apiShapes';

// The relay itself: whether it is up, and the description of its API.

export const health = declareRoute({
  name: 'health',
  method: 'GET',
  path: '/api/health',
  params: {},
  auth: 'public',
  head: true,
  summary: 'Up, and on which database.',
  answers: { 200: json(HEALTH_ANSWER) },
});

export const openApiDocument = declareRoute({
  name: 'openApiDocument',
  method: 'GET',
  path: '/api/openapi.json',
  params: {},
  auth: 'public',
  summary: 'This API, described in OpenAPI 3.1 (API3).',
  answers: { 200: json(z.looseObject({ openapi: z.literal('3.1.0') })) },
});
