import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { EdgeSettings } from '../support/edgeSettings';
import { sendAuthorizeErrorPage } from './authorizeErrorPage';
import type { OAuthErrors } from './oauthClients';
import { mcpResourceOf, oauthOriginOf, resourceKeyOf } from './oauthOrigin';
import { CONSENT_PARAM } from './oauthProvider';

/** OAU12: what every OAuth path answers where OAuth is not offered. */
export const OAUTH_NEEDS_HTTPS =
  'OAuth needs the relay on https (or on localhost): set BAALDA_PUBLIC_URL to its https address.';

/**
 * OAU12: every OAuth path (the discovery documents, `/register`, `/authorize`, `/token`, `/revoke`) is a 404
 * where OAuth is not offered, before the SDK reads anything: codes, tokens and client registrations never
 * travel over plain http off loopback.
 */
export function refuseWhereNotOffered(edge: EdgeSettings): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (oauthOriginOf(req, edge) !== null) return next();
    if (req.path === '/authorize') return sendAuthorizeErrorPage(res, 404, 'not_found', OAUTH_NEEDS_HTTPS);
    res.status(404).json({ error: 'not_found', error_description: OAUTH_NEEDS_HTTPS });
  };
}

/**
 * OAU11: a `resource` (RFC 8707) named at `/authorize` or `/token`, with either grant, must be this relay's
 * `/mcp`, the one resource its tokens open: a client can't get a code or a token that names another server.
 * (That a code's exchange names the resource its `/authorize` named is the provider's check.) Runs after the
 * body is parsed, before the SDK's handler.
 */
export function refuseForeignResource(edge: EdgeSettings, errors: OAuthErrors): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const named: unknown = (req.method === 'POST' ? req.body : req.query)?.resource;
    if (named === undefined) return next();
    const origin = oauthOriginOf(req, edge);
    const own = origin === null ? null : mcpResourceOf(origin);
    if (own !== null && typeof named === 'string' && resourceKeyOf(named) === own) return next();
    const refusal = new errors.InvalidTargetError(`This server grants access to ${own ?? 'its /mcp endpoint'} only.`);
    res.status(400).json(refusal.toResponseObject());
  };
}

const OAUTH_ERROR_BODY = z.object({ error: z.string(), error_description: z.string().optional() });

/**
 * OAU9: `/authorize` sends the browser nowhere but to the consent page. The SDK reports most refusals by
 * redirecting to the client's redirect URI; any stranger can register a client (RFC 7591), so that URI is
 * unverified and such a redirect made `/authorize` an open redirector on our origin (RFC 9700 §4.11.2: only
 * redirect automatically to a trusted URI). The SDK's handler takes no option for it, so its answers are
 * caught here: a redirect anywhere but the consent page, and any JSON error, become our error page.
 */
export function showAuthorizeErrors(): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    const redirect = res.redirect.bind(res);
    res.redirect = ((first: number | string, second?: string) => {
      const [status, url] = typeof first === 'number' ? [first, second ?? ''] : [302, first];
      if (url.startsWith(`/?${CONSENT_PARAM}=`)) return redirect(status, url);
      const reported = URL.canParse(url) ? new URL(url).searchParams : new URLSearchParams();
      sendAuthorizeErrorPage(
        res,
        400,
        reported.get('error') ?? 'server_error',
        reported.get('error_description') ?? '',
      );
    }) as Response['redirect'];
    res.json = ((body: unknown) => {
      const parsed = OAUTH_ERROR_BODY.safeParse(body);
      const { error, error_description } = parsed.success
        ? parsed.data
        : { error: 'server_error', error_description: '' };
      sendAuthorizeErrorPage(res, Math.max(res.statusCode, 400), error, error_description ?? '');
      return res;
    }) as Response['json'];
    next();
  };
}
