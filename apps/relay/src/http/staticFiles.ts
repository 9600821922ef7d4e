import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { contentSecurityPolicyFor, inlineScriptsOf } from './contentSecurityPolicy';
import { sendError } from './httpErrors';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  // The browser's encoder (tfjs's wasm backend): compiled while it downloads only when typed as wasm.
  '.wasm': 'application/wasm',
};

/** Serves the exported web app (apps/web/out) for GET and HEAD. */
export async function serveStaticFile(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  webDir: string,
): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('Allow', 'GET, HEAD');
    return sendError(response, 'METHOD_NOT_ALLOWED', 'Pages accept GET and HEAD only.');
  }
  const file = await findFile(webDir, path);
  if (file) return sendFile(request, response, file.path, file.size, 200);
  const notFound = await findFile(webDir, '/404');
  if (notFound) return sendFile(request, response, notFound.path, notFound.size, 404);
  sendError(response, 'NOT_FOUND', `Nothing at ${path}.`);
}

// `/` is index.html and `/trash` may be trash.html: Next's static export writes pages that way.
async function findFile(webDir: string, urlPath: string): Promise<{ path: string; size: number } | null> {
  const relative = urlPath === '/' ? '/index.html' : urlPath;
  for (const candidate of [relative, `${relative}.html`]) {
    const absolute = resolveInside(webDir, candidate);
    if (!absolute) return null;
    const info = await stat(absolute).catch(() => null);
    if (info?.isFile()) return { path: absolute, size: info.size };
  }
  return null;
}

// Refuses any path that would leave webDir once normalized (`..`, encoded or not, and NUL bytes).
function resolveInside(webDir: string, urlPath: string): string | null {
  if (urlPath.includes('\0')) return null;
  const absolute = normalize(join(webDir, urlPath));
  return absolute.startsWith(webDir.endsWith(sep) ? webDir : webDir + sep) ? absolute : null;
}

// A page is read whole, so the policy names the very scripts it sends (a rebuild may replace it meanwhile);
// every other file is streamed. Pages are tens of kilobytes.
async function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  size: number,
  status: number,
): Promise<void> {
  const page = extname(path) === '.html' ? await readFile(path) : null;
  response.writeHead(status, {
    'Content-Type': CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
    'Content-Length': page?.byteLength ?? size,
    'Cache-Control': cachePolicy(path),
    // No other site may frame the app: the OAuth consent page must not be clicked through an overlay.
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': contentSecurityPolicyFor(page ? inlineScriptsOf(page.toString('utf8')) : []),
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  if (page) response.end(page);
  else createReadStream(path).pipe(response);
}

// Hashed build assets never change; pages and the service worker must be revalidated so a new
// release reaches people (the service worker itself keeps the app usable offline).
function cachePolicy(path: string): string {
  return path.includes(`${sep}_next${sep}static${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
