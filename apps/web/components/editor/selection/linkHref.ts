/** What a typed link address does: remove the link, set it (as written, or completed), or nothing, and why. */
export type LinkHrefCheck =
  | { readonly kind: 'remove' }
  | { readonly kind: 'set'; readonly href: string }
  | { readonly kind: 'refused'; readonly message: string };

const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// `localhost:3000/x` and `example.com:8080` read as a scheme, but are a host and a port.
const HOST_AND_PORT = /^[a-z0-9.-]+:\d+(?:[/?#]|$)/i;
const EMAIL_ADDRESS = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;

/**
 * Checks an address typed in the link editor. Web (`http`, `https`) and email (`mailto`) links are kept, and so
 * are addresses with no scheme: a path to another note, a `#heading`, `?query`. `www.…` and `host:port` get
 * `https://`, a bare email address `mailto:`. Every other scheme is refused with a reason, `javascript:` first
 * of all: a click on such a link would run code in the app. Blank means remove the link.
 * @example checkLinkHref('javascript:alert(1)') // { kind: 'refused', message: '… not “javascript:”.' }
 */
export function checkLinkHref(typed: string): LinkHrefCheck {
  // As a URL parser does: tabs and newlines anywhere are dropped, spaces at either end too.
  const href = typed.replace(/[\t\n\r]/g, '').trim();
  if (href === '') return { kind: 'remove' };
  if (hasControlCharacter(href)) return refused('The address holds characters that can’t be typed.');
  if (HOST_AND_PORT.test(href)) return webAddress(`https://${href}`);
  const scheme = SCHEME.exec(href)?.[1]?.toLowerCase();
  if (scheme === undefined) return { kind: 'set', href: completedWithoutScheme(href) };
  if (!ALLOWED_SCHEMES.has(scheme)) {
    return refused(
      `Links can open web pages (http, https), email (mailto) or other notes (a path or #heading), not “${scheme}:”.`,
    );
  }
  if (scheme === 'mailto') {
    return href.length > 'mailto:'.length ? { kind: 'set', href } : refused('Add an email address after “mailto:”.');
  }
  return webAddress(href);
}

// Characters a URL parser reads in a way a person can't see (NUL, escape, DEL…).
function hasControlCharacter(text: string): boolean {
  return Array.from(text).some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });
}

function completedWithoutScheme(href: string): string {
  if (/^www\./i.test(href)) return `https://${href}`;
  if (EMAIL_ADDRESS.test(href)) return `mailto:${href}`;
  return href;
}

function webAddress(href: string): LinkHrefCheck {
  if (hostOf(href) === '')
    return refused('That web address is incomplete: it needs a host, as in https://example.com.');
  return { kind: 'set', href };
}

function hostOf(href: string): string {
  try {
    return new URL(href).hostname;
  } catch {
    return '';
  }
}

function refused(message: string): LinkHrefCheck {
  return { kind: 'refused', message };
}
