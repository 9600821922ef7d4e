import { fail } from '@baalda/core';
import {
  type AnswerOf,
  type ApiClient,
  type ApiInput,
  type ApiResult,
  type ApiRoute,
  type ApiTransport,
  createApiClient,
} from '@baalda/core/api';
import { type APIRequestContext, expect } from '@playwright/test';

/**
 * The relay's typed client over a Playwright request context (API2): the context's cookies ride along, so
 * a signed-in context calls as its person; `headers` add a credential (a token, the admin key).
 */
export function relayApi(request: APIRequestContext, headers: Readonly<Record<string, string>> = {}): ApiClient {
  return createApiClient(playwrightTransport(request), headers);
}

/** Sends the typed client's requests with `request.fetch`; a request that never got an answer is a failure. */
export function playwrightTransport(request: APIRequestContext): ApiTransport {
  return async ({ method, path, headers, body }) => {
    try {
      const data = body === undefined || typeof body === 'string' ? body : Buffer.from(body);
      const response = await request.fetch(path, { method, headers, ...(data === undefined ? {} : { data }) });
      const answerHeaders = response.headers();
      return {
        status: response.status(),
        text: await response.text(),
        header: (name) => answerHeaders[name.toLowerCase()] ?? null,
      };
    } catch (error) {
      return fail('REQUEST_FAILED', error instanceof Error ? error.message : String(error));
    }
  };
}

/** The answer of a call that must succeed with `status`; the test fails with the relay's refusal otherwise. */
export async function succeed<Route extends ApiRoute>(
  client: ApiClient,
  route: Route,
  input: ApiInput<Route>,
  status = 200,
): Promise<AnswerOf<Route>> {
  const result: ApiResult<Route> = await client.call(route, input);
  expect(result.status, `${route.name}: ${JSON.stringify(result)}`).toBe(status);
  if (!result.ok) throw new Error(`${route.name}: ${result.code} ${result.message}`);
  return result.answer;
}

/** The header an access token or the admin key goes in. */
export function bearer(secret: string): Record<string, string> {
  return { authorization: `Bearer ${secret}` };
}
