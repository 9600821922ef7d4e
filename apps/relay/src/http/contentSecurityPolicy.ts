import { createHash } from 'node:crypto';
import { Parser } from 'htmlparser2';

// Every answer: scripts from the app's own origin, and WebAssembly (the encoder's wasm backend compiles in its
// Web Worker, whose policy is its script's answer). Nothing of another origin, no eval, no inline script
// unless a page names it by hash.
const OWN_SCRIPT_SOURCES = ["'self'", "'wasm-unsafe-eval'"];

/**
 * HTTP17: the Content-Security-Policy of a file of the web app. A page's inline scripts (Next's static export
 * inlines its flight data) are allowed by their SHA-256, so markup injected into a page can't run script of
 * its own; no `'unsafe-inline'`, no `'strict-dynamic'` (the export loads its chunks with plain `<script src>`).
 * `object-src`, `base-uri` and `frame-ancestors` are shut: no plugin, no `<base>` re-pointing the chunks, no
 * other site framing the app (the OAuth consent page must not be clicked through an overlay).
 */
export function contentSecurityPolicyFor(inlineScripts: readonly string[]): string {
  const hashes = [...new Set(inlineScripts.map(hashSourceOf))];
  return [
    `script-src ${[...OWN_SCRIPT_SOURCES, ...hashes].join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The text of each inline `<script>` of a page (one without `src`), exactly as the browser hashes it. */
export function inlineScriptsOf(html: string): string[] {
  const scripts: string[] = [];
  let open: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script' && !('src' in attributes)) open = '';
      },
      ontext(text) {
        if (open !== null) open += text;
      },
      onclosetag(name) {
        if (name !== 'script' || open === null) return;
        scripts.push(open);
        open = null;
      },
    },
    { decodeEntities: false },
  );
  parser.write(html);
  parser.end();
  return scripts;
}

function hashSourceOf(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}
