import type { ServerResponse } from 'node:http';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/**
 * OAU9: what a browser sent to `/authorize` sees when the request is refused: a page of our own, never a
 * redirect. Nothing runs on it (`default-src 'none'`) and no other site may frame it.
 */
export function sendAuthorizeErrorPage(
  response: ServerResponse,
  status: number,
  error: string,
  description: string,
): void {
  const body = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    '<title>Baalda: the assistant can’t connect</title></head><body>',
    '<h1>The assistant can’t connect</h1>',
    `<p>${escapeHtml(description.slice(0, 500) || 'The request to connect is not valid.')}</p>`,
    `<p><code>${escapeHtml(error.slice(0, 100))}</code></p>`,
    '<p>Nothing was sent back to the app. Close this tab and start connecting again from the assistant.</p>',
    '</body></html>',
  ].join('\n');
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Frame-Options': 'DENY',
  });
  response.end(body);
}
