import { API, type ApiTransport, createApiClient } from '@baalda/core/api';
import type { BrowserContext } from '@playwright/test';
import { answerOf, BENCH_OWNER } from '../benchAccount';

/**
 * Signs the browser context in as the bench's owner through the typed client (API2), over the context's
 * own requests so the session cookie lands in its cookie jar, as a sign-in on the page would.
 */
export async function signInBrowser(context: BrowserContext): Promise<void> {
  const transport: ApiTransport = async (request) => {
    const response = await context.request.fetch(request.path, {
      method: request.method,
      headers: { ...request.headers },
      data: typeof request.body === 'string' ? request.body : request.body && Buffer.from(request.body),
    });
    return {
      status: response.status(),
      text: await response.text(),
      header: (name) => response.headers()[name] ?? null,
    };
  };
  answerOf(await createApiClient(transport).call(API.signIn, { body: BENCH_OWNER }), 'bench sign-in');
}
