import { describe, expect, it } from 'vitest';
import { checkLinkHref } from './linkHref';

const hrefOf = (typed: string) => {
  const check = checkLinkHref(typed);
  return check.kind === 'set' ? check.href : check.kind;
};

describe('checking a typed link address', () => {
  it('[MENU4] web and email addresses, paths to notes, anchors and queries are kept as typed', () => {
    expect(hrefOf('https://example.com/a?b=1#c')).toBe('https://example.com/a?b=1#c');
    expect(hrefOf('HTTP://example.com')).toBe('HTTP://example.com');
    expect(hrefOf('mailto:alice@example.com')).toBe('mailto:alice@example.com');
    expect(hrefOf('Projects/Road map.md')).toBe('Projects/Road map.md');
    expect(hrefOf('../Notes/a.md')).toBe('../Notes/a.md');
    expect(hrefOf('/docs')).toBe('/docs');
    expect(hrefOf('#decisions')).toBe('#decisions');
    expect(hrefOf('?q=1')).toBe('?q=1');
    expect(hrefOf('  https://example.com \n')).toBe('https://example.com');
  });

  it('[MENU4] www., host:port and a bare email address are completed', () => {
    expect(hrefOf('www.example.com/page')).toBe('https://www.example.com/page');
    expect(hrefOf('localhost:3000/notes')).toBe('https://localhost:3000/notes');
    expect(hrefOf('example.com:8080')).toBe('https://example.com:8080');
    expect(hrefOf('bob@example.com')).toBe('mailto:bob@example.com');
  });

  it('[MENU4] blank removes the link', () => {
    expect(checkLinkHref('')).toEqual({ kind: 'remove' });
    expect(checkLinkHref('  \t ')).toEqual({ kind: 'remove' });
  });

  it('[MENU4] javascript: and every other scheme are refused, however they are spelled', () => {
    for (const typed of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
    ]) {
      const check = checkLinkHref(typed);
      expect(check.kind, typed).toBe('refused');
      if (check.kind === 'refused') expect(check.message).toContain('not “javascript:”');
    }
    for (const typed of [
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      'file:///etc/passwd',
      'ftp://x.org',
    ]) {
      expect(checkLinkHref(typed).kind, typed).toBe('refused');
    }
    expect(checkLinkHref('java\u0000script:alert(1)').kind).toBe('refused');
  });

  it('[MENU4] an incomplete web or email address is refused with what is missing', () => {
    expect(checkLinkHref('https://')).toEqual({
      kind: 'refused',
      message: 'That web address is incomplete: it needs a host, as in https://example.com.',
    });
    expect(checkLinkHref('mailto:')).toEqual({ kind: 'refused', message: 'Add an email address after “mailto:”.' });
  });
});
