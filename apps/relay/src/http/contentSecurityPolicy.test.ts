import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicyFor, inlineScriptsOf } from './contentSecurityPolicy';

describe('the web app’s Content-Security-Policy', () => {
  it('[HTTP17] reads each inline script exactly as written, and none with a src', () => {
    const html = [
      '<html><head><script src="/a.js"></script><script src="/b.js">ignored()</script></head><body>',
      '<SCRIPT>one("<div>&amp;</div>")</SCRIPT>',
      '<script type="module">\n  two();\n</script>',
      '<script></script></body></html>',
    ].join('');
    expect(inlineScriptsOf(html)).toEqual(['one("<div>&amp;</div>")', '\n  two();\n', '']);
  });

  it('[HTTP17] names each inline script once by its SHA-256, after the app’s own origin and WebAssembly', () => {
    const hash = `'sha256-${createHash('sha256').update('a()').digest('base64')}'`;
    expect(contentSecurityPolicyFor(['a()', 'a()'])).toBe(
      `script-src 'self' 'wasm-unsafe-eval' ${hash}; object-src 'none'; base-uri 'none'; frame-ancestors 'none'`,
    );
  });
});
